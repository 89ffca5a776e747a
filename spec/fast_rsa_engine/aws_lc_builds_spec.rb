# frozen_string_literal: true

# Which of ACCP's native builds the AWS-LC backend loads, by the JVM's os.name and os.arch (the
# values HotSpot reports on each platform). Only Linux runs here, so every other platform's choice
# is checked through the same function the loader calls; that each chosen jar holds a library for
# that platform is aws_lc_jars_spec's part.
RSpec.describe "The ACCP build for each platform", jruby: true do
  let(:builds) { Java::FastrsaengineEngines::AwsLcBuilds }

  {
    %w[Linux amd64] => "linux-x86_64",
    %w[Linux x86_64] => "linux-x86_64",
    %w[Linux aarch64] => "linux-aarch_64",
    ["Mac OS X", "x86_64"] => "osx-x86_64",
    ["Mac OS X", "aarch64"] => "osx-aarch_64"
  }.each do |(os_name, os_arch), classifier|
    it "#{os_name} on #{os_arch}: #{classifier}", one_line: true do
      expect(builds.classifier(os_name, os_arch)).to eq(classifier)
    end
  end

  [
    ["Windows 11", "amd64"], ["Windows 11", "aarch64"], %w[Linux s390x], %w[Linux ppc64le],
    %w[Linux riscv64], %w[Linux arm], %w[Linux x86], %w[FreeBSD amd64], %w[SunOS amd64], ["Mac OS X", "ppc"]
  ].each do |os_name, os_arch|
    it "#{os_name} on #{os_arch}: none, said as the backend's reason", one_line: true do
      expect { builds.classifier(os_name, os_arch) }
        .to raise_error(Java::FastrsaengineEngines::BackendUnavailableException,
                        "AWS-LC has no build for #{os_name.downcase}/#{os_arch}")
    end
  end

  it "this JVM's platform gets a jar the gem carries, and AWS-LC runs from it" do
    classifier = builds.classifier(ENV_JAVA["os.name"], ENV_JAVA["os.arch"])
    jars = Dir[File.expand_path("../../lib/fast_rsa_engine/jars/AmazonCorrettoCryptoProvider-[0-9]*-#{classifier}.jar", __dir__)]
    expect(jars.size).to eq(1), "one ACCP jar for #{classifier} in lib/fast_rsa_engine/jars, not #{jars}"
    expect(FastRsaEngine.available_backends).to include(:aws_lc)
  end
end
