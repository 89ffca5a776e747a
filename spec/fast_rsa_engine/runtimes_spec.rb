# frozen_string_literal: true

# A JVM may host several JRuby runtimes (jruby-rack's runtime pool, ScriptingContainer, Warbler):
# each chooses its own backend and keeps its own counters; one runtime's backend= leaves the
# others as they were.
RSpec.describe "Several JRuby runtimes in one JVM", jruby: true do
  before(:context) do
    skip "needs two native backends" if Backends.native.size < 2

    lib = File.expand_path("../../lib", __dir__)
    @runtimes = Array.new(2) do
      container = org.jruby.embed.ScriptingContainer.new(org.jruby.embed.LocalContextScope::SINGLETHREAD,
                                                         org.jruby.embed.LocalVariableBehavior::TRANSIENT)
      container.setLoadPaths([lib])
      container.runScriptlet("require 'fast-rsa-engine'; FastRsaEngine.reset_stats")
      container
    end
  end

  after(:context) { @runtimes&.each(&:terminate) }

  it "keep their own backend and their own counters" do
    first, second = Backends.native
    @runtimes[0].runScriptlet("FastRsaEngine.backend = :#{first}")
    @runtimes[1].runScriptlet("FastRsaEngine.backend = :#{second}")
    sign = "key = OpenSSL::PKey::RSA.new(1024); key.verify('SHA256', key.sign('SHA256', 'x'), 'x') && " \
           "[FastRsaEngine.backend.to_s, FastRsaEngine.stats[:calls][:sign][:engine]].join(' ')"
    expect(@runtimes.map { |runtime| runtime.runScriptlet(sign) }).to eq(["#{first} 1", "#{second} 1"])
    expect(@runtimes[0].runScriptlet("FastRsaEngine.backend.to_s")).to eq(first.to_s)
    expect(FastRsaEngine.backend).to eq(Backends.native.first)
  end
end
