# frozen_string_literal: true

# What the verification specs over MRI's signed structures (pkcs7_verify_spec, ocsp_verify_spec)
# share: the two RSA signer keys MRI is given ("rsa" and "other"; MRI adds its own EC key), and the
# certificates and cases its script writes back ({"certificates" => {name => DER hex}, "cases" => [...]}).
# The including spec defines mri_input (more for the script) and passes the script.
RSpec.shared_context "MRI-signed cases" do |script|
  let(:keys) do
    { "rsa" => ReferenceFixtures.key("rsa2048_e65537").private_key, "other" => ReferenceFixtures.key("rsa3072_e65537").private_key }
  end
  let(:mri_input) { {} }
  let(:mri) { MRI.run(script, { "keys" => keys.transform_values(&:to_pem), **mri_input }) }
  let(:certificates) { mri["certificates"].transform_values { |hex| OpenSSL::X509::Certificate.new([hex].pack("H*")) } }
  let(:cases) { mri["cases"] }
end
