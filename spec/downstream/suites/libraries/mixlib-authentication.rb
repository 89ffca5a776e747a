# mixlib-authentication (chef/mixlib-authentication): RSpec; signs Chef's requests with RSA keys.
source "chef/mixlib-authentication", "v3.0.6"
framework :rspec
load_path "lib", "spec"
files "spec/**/*_spec.rb"
