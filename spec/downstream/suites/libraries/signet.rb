# signet (googleapis/signet): RSpec; OAuth 1 and 2 clients, JWT assertions signed with RSA.
source "googleapis/signet", "signet/v0.17.0"
framework :rspec
load_path "lib", "spec"
files "spec/**/*_spec.rb"
