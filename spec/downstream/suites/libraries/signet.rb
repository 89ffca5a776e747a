# signet (googleapis/signet): RSpec; OAuth 1 and 2 clients, JWT assertions signed with RSA.
framework :rspec
load_path "lib", "spec"
files "spec/**/*_spec.rb"
