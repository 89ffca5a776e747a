# acme-client (unixcharles/acme-client): RSpec with VCR cassettes and WebMock (no network).
source "unixcharles/acme-client", "v2.0.9"
framework :rspec
load_path "lib", "spec", "spec/support"
files "spec/**/*_spec.rb"
