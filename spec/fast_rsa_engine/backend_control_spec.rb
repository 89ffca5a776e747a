# frozen_string_literal: true

require "json"
require "open3"
require "rbconfig"

# The public API: FastRsaEngine.backend, .backend=, .available_backends, .info, and the
# FAST_RSA_ENGINE variable read at require. On MRI the same API answers :openssl and patches nothing.
RSpec.describe "Backend control" do
  context "on JRuby", jruby: true do
    let(:native) { Backends.native }

    around { |example| Backends.with(FastRsaEngine.backend) { example.run } }

    # Every engine spec runs once per native backend; with none loaded they would all vanish, so
    # this one fails instead. On Linux x86-64 and ARM64 the gem carries both backends' libraries.
    it "runs every native backend on this platform" do
      linux = ENV_JAVA["os.name"] == "Linux" && %w[amd64 x86_64 aarch64].include?(ENV_JAVA["os.arch"])
      expected = linux ? FastRsaEngine.backend_names - %w[auto stock] : ["gmp"]
      expect(native.map(&:to_s)).to include(*expected)
    end

    it "lists the backends that run here, native ones first, :stock last" do
      expect(FastRsaEngine.available_backends.last).to eq(:stock)
      expect(native).to all(satisfy { |name| %i[aws_lc gmp].include?(name) })
      expect(FastRsaEngine.available_backends).to eq(FastRsaEngine.available_backends.uniq)
    end

    it "switches to every available backend, by Symbol or String" do
      FastRsaEngine.available_backends.each do |name|
        FastRsaEngine.backend = name
        expect(FastRsaEngine.backend).to eq(name)
        FastRsaEngine.backend = :stock
        FastRsaEngine.backend = name.to_s
        expect(FastRsaEngine.backend).to eq(name)
      end
    end

    it ":auto chooses the fastest available backend" do
      FastRsaEngine.backend = :stock
      FastRsaEngine.backend = :auto
      expect(FastRsaEngine.backend).to eq(FastRsaEngine.available_backends.first)
    end

    it "refuses a name that is no backend with ArgumentError, and keeps the backend it had" do
      before = FastRsaEngine.backend
      [:bogus, "GMP ", nil, :openssl].each do |name|
        expect { FastRsaEngine.backend = name }.to raise_error(ArgumentError, /unknown backend/)
        expect(FastRsaEngine.backend).to eq(before)
      end
    end

    it ":stock leaves every call to jruby-openssl: stock's results, even where the engine's differ" do
      key = ReferenceFixtures.key("rsa1024_e65537").private_key
      one = ("\x00".b * (key.n.num_bytes - 1)) + "\x01".b
      FastRsaEngine.backend = :stock
      expect(FastRsaEngine.backend).to eq(:stock)
      expect(key.private_decrypt(one, OpenSSL::PKey::RSA::NO_PADDING)).to eq("\x01".b)

      FastRsaEngine.backend = native.first
      expect(key.private_decrypt(one, OpenSSL::PKey::RSA::NO_PADDING)).to eq(one)
    end

    it "info names the backend; for a native one, its library and version" do
      native.each do |name|
        FastRsaEngine.backend = name
        info = FastRsaEngine.info
        expect(info).to include(backend: name, version: FastRsaEngine::VERSION, patch: "applied")
        expect(info[:backends_tried]).to include(name => "available")
        expect(info[:library]).to be_a(String).and(satisfy { |library| !library.empty? })
        expect(info[:library_version]).to match(/\A\d+(\.\d+)+/)
      end
      FastRsaEngine.backend = :stock
      expect(FastRsaEngine.info).to include(backend: :stock, library: /\Ajruby-openssl \d/)
    end

    it "patches the methods the Java extension defines that stock has, and MRI's encrypt and decrypt" do
      patched = FastRsaEngine::RsaPatch.instance_methods(false).sort
      defined = FastRsaEngine::RsaMethods.singleton_methods(false)
      expect(patched).to eq(defined.select { |name| Backends.stock_has?(name) || %i[encrypt decrypt].include?(name) }.sort)
      expect(patched).to include(:sign, :private_encrypt, :private_decrypt, :decrypt, :encrypt, :verify)
    end

    it "prepends one module to OpenSSL::PKey::RSA, however often the gem is required" do
      expect(require("fast-rsa-engine")).to be(false)
      expect(require("fast_rsa_engine")).to be(false)
      expect(OpenSSL::PKey::RSA.ancestors.first).to eq(FastRsaEngine::RsaPatch)
      expect(OpenSSL::PKey::RSA.ancestors.count(FastRsaEngine::RsaPatch)).to eq(1)
    end

    # Each JRuby start costs seconds, so the runs start together and the examples read their output.
    describe "FAST_RSA_ENGINE, read at require (in fresh JRuby processes)" do
      lib = File.expand_path("../../lib", __dir__)

      # Computes some outcomes with jruby-openssl alone, requires the gem (twice, by both names),
      # then computes them again with FAST_RSA_ENGINE=stock semantics; prints one JSON line.
      script = <<~'RUBY'
        require "json"
        require "openssl"
        fixture = JSON.parse(File.read(ARGV[0])).fetch("keys").find { |key| key["name"] == "rsa1024_e65537" }
        key = OpenSSL::PKey::RSA.new(fixture.fetch("pem"))
        k = key.n.num_bytes
        calls = [
          -> { key.private_decrypt(("\x00" * (k - 1) + "\x01").b, OpenSSL::PKey::RSA::NO_PADDING) },
          -> { key.private_encrypt(("x" * (k - 1)).b, OpenSSL::PKey::RSA::NO_PADDING) },
          -> { key.sign_raw("SHA256", ("x" * 31).b) },
          -> { key.sign_raw(nil, ("x" * (k - 11)).b) },
          -> { key.private_decrypt(("x" * (k + 1)).b) },
          -> { key.sign("SHA256", "fox") }
        ]
        outcomes = lambda do
          calls.map do |call|
            "returns #{call.call.unpack1('H*')}"
          rescue Exception => e
            "raises #{e.class}: #{e.message}"
          end
        end
        pristine = ARGV[1] == "compare" ? outcomes.call : nil
        required = [require("fast-rsa-engine"), require("fast-rsa-engine"), require("fast_rsa_engine")]
        key.sign("SHA256", "loaded") # whatever the backend loads, it has loaded now
        maps = File.read("/proc/self/maps") # before available_backends, which loads every backend
        # A CRL signed with a digest stock refuses for RSA: stock's message holds the private key's PEM.
        crl = OpenSSL::X509::CRL.new
        crl.issuer = OpenSSL::X509::Name.parse("/CN=crl")
        crl.last_update = Time.at(0)
        crl.next_update = Time.at(1)
        dss1 = begin
          crl.sign(key, OpenSSL::Digest.new("DSS1"))
        rescue Exception => e
          "#{e.class}: #{e.message}"
        end
        report = { "backend" => FastRsaEngine.backend, "required" => required, "patch" => FastRsaEngine.info[:patch],
                   "native" => { "aws_lc" => maps.include?("amazonCorrettoCryptoProvider"), "jna" => maps.match?(/jnidispatch|jna[^\/]*\.tmp/),
                                 "libgmp" => maps.include?("libgmp") },
                   "patches" => OpenSSL::PKey::RSA.ancestors.count { |mod| mod.name.to_s.start_with?("FastRsaEngine") },
                   "generate" => OpenSSL::PKey::RSA.method(:generate).source_location.to_a.first.to_s[/fast_rsa_engine/].to_s,
                   "structures" => FastRsaEngine.info[:structures], "dss1" => dss1 }
        if pristine
          FastRsaEngine.backend = :stock
          report.merge!("pristine" => pristine, "stock" => outcomes.call)
        end
        puts JSON.generate(report)
      RUBY

      runs = {
        "unset" => [{}, "compare"],
        "stock" => [{ "FAST_RSA_ENGINE" => "stock" }, ""],
        "gmp" => [{ "FAST_RSA_ENGINE" => "gmp" }, ""],
        "bogus" => [{ "FAST_RSA_ENGINE" => "bogus" }, ""],
        "off" => [{ "FAST_RSA_ENGINE" => "off" }, "compare"]
      }

      before(:context) do
        environment = ENV.key?("FAST_RSA_ENGINE") ? { "FAST_RSA_ENGINE" => nil } : {}
        threads = runs.to_h do |name, (variables, mode)|
          # --dev (no JIT) halves JRuby's start; these runs are short.
          command = [*StockJRuby::BRIEF, "-I", lib, "-e", script, ReferenceFixtures::PATH, mode]
          [name, Thread.new { Open3.capture3(environment.merge(variables), *command) }]
        end
        @runs = threads.transform_values(&:value)
      end

      def run(name)
        stdout, stderr, status = @runs.fetch(name)
        expect(status).to be_success, "the #{name} run failed: #{stderr}"
        lines = stdout.lines
        expect(lines.size).to eq(1), "the #{name} run printed more than its report: #{stdout}"
        [JSON.parse(lines.first), stderr]
      end

      it "unset: chooses automatically, prints nothing, and a second require changes nothing" do
        report, stderr = run("unset")
        expect(stderr).to eq("")
        expect(report["backend"]).to eq(FastRsaEngine.available_backends.first.to_s)
        expect(report["required"]).to eq([true, false, false])
        expect(report).to include("patches" => 1, "generate" => "fast_rsa_engine")
        expect(report["native"]).to include("aws_lc" => FastRsaEngine.available_backends.first == :aws_lc)
      end

      it "unset, then backend = :stock: the same results as jruby-openssl without the gem, Java exceptions as RSAError" do
        report, = run("unset")
        # A method stock lacks (sign_raw before jruby-openssl 0.16) is NoMethodError either way, worded apart.
        missing = ->(outcome) { outcome.sub(/\Araises NoMethodError: .*/m, "raises NoMethodError") }
        repaired = report["pristine"].map { |outcome| missing.(outcome.sub(/\Araises Java::\S+: /, "raises OpenSSL::PKey::RSAError: ")) }
        expect(report["pristine"]).to include(/\Araises Java::/) # the list holds one case stock leaks
        # Where stock's message names a Java class, the gem raises MRI's error for the method instead (call/Errors.java).
        java_worded = repaired.each_index.select { |i| repaired[i].match?(/\bjava\.[a-z]+\.\w/) }
        expect(report["stock"].values_at(*java_worded)).to all(match(/\Araises OpenSSL::PKey::(PKey|RSA)Error: EVP_\w+: RSA lib\z/))
        others = ->(outcomes) { outcomes.reject.with_index { |_, i| java_worded.include?(i) } }
        expect(others.(report["stock"].map(&missing))).to eq(others.(repaired))
      end

      it "stock: selects :stock, silently, patched so that a backend can be chosen later, and loads no native library" do
        report, stderr = run("stock")
        expect(stderr).to eq("")
        expect(report).to include("backend" => "stock", "patch" => "applied")
        expect(report["native"]).to eq("aws_lc" => false, "jna" => false, "libgmp" => false)
      end

      # The structure methods' fixes hold on :stock however it was chosen (DIFFERENCES.md: key-in-message).
      it "stock: patches the structure methods too, whose fixes then hold" do
        report, = run("stock")
        expect(report["structures"]).to eq(FastRsaEngine::StructurePatch::PATCHES.keys.to_h { |name| [name.to_s, "applied"] })
        expect(report["dss1"]).to eq("OpenSSL::X509::CRLError: unsupported key / digest algorithm (RSA / SHA1)")
        expect(run("off").first["dss1"]).to include("PRIVATE KEY") # stock's own words, which the gem mends
      end

      it "gmp: selects :gmp, silently, and loads no ACCP" do
        report, stderr = run("gmp")
        expect(stderr).to eq("")
        expect(report["backend"]).to eq("gmp")
        expect(report["native"]).to include("aws_lc" => false, "libgmp" => true)
      end

      it "off: patches nothing, loads no native library, says so in info, and answers as jruby-openssl alone" do
        report, stderr = run("off")
        expect(stderr).to eq("")
        expect(report).to include("backend" => "stock", "patches" => 0, "generate" => "", "patch" => /\Anot applied: FAST_RSA_ENGINE=off/)
        expect(report["native"]).to eq("aws_lc" => false, "jna" => false, "libgmp" => false)
        expect(report["stock"]).to eq(report["pristine"])
      end

      it "bogus: one warning naming it, then chooses automatically" do
        report, stderr = run("bogus")
        expect(stderr.lines.size).to eq(1), stderr
        expect(stderr).to include("FAST_RSA_ENGINE=bogus")
        expect(report["backend"]).to eq(FastRsaEngine.available_backends.first.to_s)
      end
    end
  end

  context "on MRI", mri: true do
    it "answers :openssl" do
      expect(FastRsaEngine.backend).to eq(:openssl)
      expect(FastRsaEngine.available_backends).to eq([:openssl])
      expect(FastRsaEngine.info).to include(backend: :openssl, version: FastRsaEngine::VERSION, library: OpenSSL::OPENSSL_LIBRARY_VERSION)
    end

    it "accepts :openssl and :auto, and refuses the JRuby backends with ArgumentError" do
      expect { FastRsaEngine.backend = :openssl }.not_to raise_error
      expect { FastRsaEngine.backend = :auto }.not_to raise_error
      %i[gmp aws_lc stock bogus].each do |name|
        expect { FastRsaEngine.backend = name }.to raise_error(ArgumentError)
      end
      expect(FastRsaEngine.backend).to eq(:openssl)
    end

    it "patches nothing" do
      expect(OpenSSL::PKey::RSA.ancestors.map(&:name).compact.grep(/FastRsaEngine/)).to be_empty
      expect(defined?(FastRsaEngine::Native)).to be_nil
      expect(defined?(FastRsaEngine::RsaPatch)).to be_nil
    end
  end
end
