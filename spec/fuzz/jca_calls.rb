# frozen_string_literal: true

module Fuzz
  # The gem's opt-in JCA provider (FastRsaEngine.install_provider) against the JDK's own
  # (SunRsaSign, SunJCE), in the same JVM: one engine object (a Signature or a Cipher) driven
  # through a drawn sequence of calls, and driven on after a call threw (Java code that catches an
  # exception and reuses the object), once with the JDK alone and once with the provider installed
  # first. The answer is the first call whose outcome differs (its index, the call, each side's
  # result or exception class and message, and whether an earlier call threw), or [] when every call agrees: what Java code sees must be what the JDK alone
  # shows it. Randomized results (PSS signatures, PKCS#1 and OAEP encryptions) stand as what the
  # JDK makes of them. MRI has no JCA: the runner judges these cases on their own (Runner#judged).
  module JcaCalls
    SIGNATURES = %w[SHA256withRSA SHA1withRSA RSASSA-PSS RSASSA-PSS NONEwithRSA NONEwithRSA].freeze
    CIPHERS = %w[RSA/ECB/PKCS1Padding RSA/ECB/NoPadding RSA/ECB/OAEPWithSHA-256AndMGF1Padding].freeze
    # PSS parameters by name: [digest, MGF1 digest, salt length]; a salt past the 1024-bit key's room.
    PSS = { "sha256" => ["SHA-256", "SHA-256", 32], "sha512" => ["SHA-512", "SHA-512", 64], "sha1" => ["SHA-1", "SHA-1", 20],
            "salt_past" => ["SHA-256", "SHA-256", 200] }.freeze
    KEYS = %w[rsa1024 rsa2048 tiny_512].freeze

    module_function

    # [algorithm, key name, calls] for JcaCalls.script, from the generator's Random.
    def draw(random)
      key = KEYS[random.rand(KEYS.size)]
      k = (KeyCorpus.numbers(key)[:n].bit_length + 7) / 8
      if random.rand < 0.7
        name = SIGNATURES[random.rand(SIGNATURES.size)]
        [name, key, signature_calls(random, name, k)]
      else
        name = CIPHERS[random.rand(CIPHERS.size)]
        [name, key, cipher_calls(random, k)]
      end
    end

    # Parameters (PSS's mostly before init), an init, then calls in any order, errors and all.
    def signature_calls(random, name, k)
      calls = []
      calls << ["setParameter", PSS.keys[random.rand(PSS.size)]] if random.rand < (name == "RSASSA-PSS" ? 0.85 : 0.1)
      calls << [random.rand < 0.75 ? "initSign" : "initVerify"]
      (2 + random.rand(6)).times do
        calls << case random.rand(10)
                 when 0..3 then ["update", [0, 1, 20, 35, k - 11, k - 10, k, k + 5, 300][random.rand(9)]]
                 when 4..5 then ["sign"]
                 when 6 then ["verify", %w[last garbage short][random.rand(3)]]
                 when 7 then ["setParameter", PSS.keys[random.rand(PSS.size)]]
                 else [%w[initSign initVerify][random.rand(2)]]
                 end
      end
      calls
    end

    def cipher_calls(random, k)
      calls = [["init", %w[encrypt decrypt][random.rand(2)], %w[public private][random.rand(2)]]]
      (1 + random.rand(5)).times do
        calls << case random.rand(8)
                 when 0..1 then ["update", [0, 1, 16, k - 11, k, k + 1][random.rand(6)]]
                 when 2..3 then ["doFinal", [0, 16, k - 42, k - 11, k - 10, k, k + 1][random.rand(7)]]
                 when 4..5 then ["doFinal_ciphertext", [1, 16][random.rand(2)]]
                 when 6 then ["init", %w[encrypt decrypt][random.rand(2)], %w[public private][random.rand(2)]]
                 else ["doFinal", 0]
                 end
      end
      calls
    end

    # The first call whose outcome differs between the JDK alone and the provider first, or [].
    def script(algorithm, key_name, calls)
      raise NotImplementedError, "the JCA provider runs on JRuby, with fast-rsa-engine" unless defined?(FastRsaEngine.install_provider) && RUBY_ENGINE == "jruby"

      jdk = with_provider(false) { Run.new(algorithm, key_name).outcomes(calls) }
      provider = with_provider(true) { Run.new(algorithm, key_name).outcomes(calls) }
      index = calls.each_index.find { |i| jdk[i] != provider[i] }
      index ? [index, calls[index], jdk[index], provider[index], jdk.first(index).any? { |outcome| threw?(outcome) }] : []
    end

    def threw?(outcome)
      outcome.is_a?(Array) && outcome.first == :threw
    end

    # The block with the provider first (or not installed at all), as it was installed after.
    def with_provider(installed)
      before = FastRsaEngine.provider_position
      FastRsaEngine.uninstall_provider if before
      FastRsaEngine.install_provider(position: 1) if installed
      yield
    ensure
      FastRsaEngine.uninstall_provider
      FastRsaEngine.install_provider(position: before) if before
    end

    # One sequence of calls on one engine object, from getInstance on: each call's outcome.
    class Run
      def initialize(algorithm, key_name)
        require "jruby"
        @algorithm = algorithm
        key = JRuby.ref(KeyCorpus.key(key_name))
        @private_key = key.getPrivateKey
        @public_key = key.getPublicKey
        @k = (KeyCorpus.numbers(key_name)[:n].bit_length + 7) / 8
        @data = "".b # what the object was given since its last init, sign or verify
      end

      def outcomes(calls)
        object = outcome { cipher? ? javax.crypto.Cipher.getInstance(@algorithm) : java.security.Signature.getInstance(@algorithm) }
        return calls.map { object } unless object.is_a?(Java::JavaLang::Object)

        @object = object
        calls.map { |name, *arguments| outcome { public_send("call_#{name}", *arguments) } }
      end

      # --- Signature's calls

      def call_setParameter(name)
        digest, mgf1, salt = PSS.fetch(name)
        spec = java.security.spec.PSSParameterSpec.new(digest, "MGF1", java.security.spec.MGF1ParameterSpec.new(mgf1), salt, 1)
        @object.java_send(:setParameter, [java.security.spec.AlgorithmParameterSpec], spec)
        nil
      end

      def call_initSign
        @data = "".b
        @object.initSign(@private_key)
        nil
      end

      def call_initVerify
        @data = "".b
        @object.initVerify(@public_key)
        nil
      end

      # Signature's update answers nothing; Cipher's keeps the bytes for doFinal (RSA's answer nothing yet).
      def call_update(length)
        bytes = (cipher? ? "\x03" : "\x5A").b * length
        @data += bytes
        output = @object.update(bytes.to_java_bytes)
        cipher? && output ? String.from_java_bytes(output).unpack1("H*") : nil
      end

      # A PSS signature is random: what SunRsaSign's verification under the object's parameters says of it.
      def call_sign
        data = @data
        @data = "".b
        signature = String.from_java_bytes(@object.sign)
        @last = signature
        return signature.unpack1("H*") unless @algorithm == "RSASSA-PSS"

        [signature.bytesize, jdk_verifies(signature, data)]
      end

      def call_verify(form)
        signature = { "last" => @last || "\x01".b * @k, "garbage" => "\x01".b * @k, "short" => "\x01".b * (@k - 1) }.fetch(form)
        @data = "".b
        @object.verify(signature.to_java_bytes)
      end

      def jdk_verifies(signature, data)
        JcaCalls.checked do
          verifier = java.security.Signature.getInstance("RSASSA-PSS", "SunRsaSign")
          verifier.setParameter(@object.getParameters.getParameterSpec(java.security.spec.PSSParameterSpec.java_class))
          verifier.initVerify(@public_key)
          verifier.update(data.to_java_bytes)
          verifier.verify(signature.to_java_bytes)
        end
      end

      # --- Cipher's calls

      def call_init(mode, role)
        @data = "".b
        @mode = mode
        @object.init(mode == "encrypt" ? javax.crypto.Cipher::ENCRYPT_MODE : javax.crypto.Cipher::DECRYPT_MODE, role == "public" ? @public_key : @private_key)
        @role = role
        nil
      end

      def call_doFinal(length)
        bytes = "\x01".b * length
        finished(bytes) { @object.doFinal(bytes.to_java_bytes) }
      end

      # The JDK's own encryption of some bytes under the public key, for decryption.
      def call_doFinal_ciphertext(length)
        ciphertext = JcaCalls.jdk_cipher(@algorithm, javax.crypto.Cipher::ENCRYPT_MODE, @public_key, "\x02".b * length)
        ciphertext = "\x00".b * @k unless ciphertext.is_a?(String)
        finished(ciphertext) { @object.doFinal(ciphertext.to_java_bytes) }
      end

      # An encryption with padding is random: what SunJCE's decryption of it gives, as text.
      def finished(input)
        data = @data + input
        @data = "".b
        output = String.from_java_bytes(yield)
        return output.unpack1("H*") unless @mode == "encrypt" && !@algorithm.include?("NoPadding")

        [output.bytesize, JcaCalls.jdk_cipher(@algorithm, javax.crypto.Cipher::DECRYPT_MODE, @private_key, output) == data]
      end

      private

      def cipher?
        @algorithm.start_with?("RSA/")
      end

      def outcome
        yield
      rescue Exception => e # Java's exceptions too: they are what is compared
        [:threw, *JcaScript.described(e)]
      end
    end

    # SunJCE's answer to one whole operation, as bytes, or the exception it threw.
    def jdk_cipher(transformation, mode, key, bytes)
      checked do
        cipher = javax.crypto.Cipher.getInstance(transformation, "SunJCE")
        cipher.init(mode, key)
        String.from_java_bytes(cipher.doFinal(bytes.to_java_bytes))
      end
    end

    def checked
      yield
    rescue Exception => e # a check that throws says so
      [:threw, *JcaScript.described(e)]
    end
  end
end
