# mixlib-authentication (chef/mixlib-authentication): RSpec; signs Chef's requests with RSA keys.
framework :rspec
load_path "lib", "spec"
files "spec/**/*_spec.rb"
