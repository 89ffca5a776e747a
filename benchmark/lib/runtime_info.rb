# frozen_string_literal: true

require "openssl"

# What a benchmark process says about itself: a short label for tables and charts, and the
# versions behind it (Ruby, OpenSSL or jruby-openssl, Java, fast-rsa-engine's backend).
module RuntimeInfo
  ENGINE_LABELS = { "none" => "", "auto" => "auto", "stock" => "stock", "gmp" => "gmp",
                    "aws_lc" => "aws_lc", "square" => "Square bc-rsa (direct)" }.freeze

  module_function

  # "MRI 3.1.2" whatever the engine (fast-rsa-engine changes nothing there), "JRuby 10.1.1.0 gmp"...
  def label(engine)
    return "MRI #{RUBY_VERSION}" unless RUBY_ENGINE == "jruby"

    base = "JRuby #{JRUBY_VERSION}"
    suffix = ENGINE_LABELS.fetch(engine)
    suffix += " (#{FastRsaEngine.backend})" if engine == "auto" && defined?(FastRsaEngine)
    [base, suffix].reject(&:empty?).join(" ")
  end

  def details
    details = { ruby: RUBY_DESCRIPTION, openssl: OpenSSL::OPENSSL_LIBRARY_VERSION }
    details.merge!(java_details) if RUBY_ENGINE == "jruby"
    details[:fast_rsa_engine] = FastRsaEngine.info if defined?(FastRsaEngine)
    details
  end

  def java_details
    { jruby: JRUBY_VERSION, jruby_openssl: JOpenSSL::VERSION,
      java: ENV_JAVA["java.version"], java_vendor: ENV_JAVA["java.vendor"],
      jvm: "#{ENV_JAVA['java.vm.name']} #{ENV_JAVA['java.vm.version']}" }
  end
end
