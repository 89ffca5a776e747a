# acme-client (unixcharles/acme-client): RSpec with VCR cassettes and WebMock (no network).
framework :rspec
load_path "lib", "spec", "spec/support"
files "spec/**/*_spec.rb"
