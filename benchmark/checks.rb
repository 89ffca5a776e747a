# frozen_string_literal: true

# What fast-rsa-engine's key and result checks (ext/java/fastrsaengine/engines/KeyChecks.java) cost,
# per native backend, for one RSA-2048 key: the README's Security table cites these figures.
#   bin/benchmark --checks
# Each figure: benchmark-ips's rate of calls straight on the Java classes, as microseconds a call.
$LOAD_PATH.unshift File.expand_path("../lib", __dir__)
require "benchmark/ips"
require "fast-rsa-engine"

module Engines
  %w[Backends BackendContext KeyChecks].each { |name| java_import "fastrsaengine.engines.#{name}" }
end

def micros(&call)
  1e6 / Benchmark.ips(warmup: 1, time: 2, quiet: true) { |x| x.report(&call) }.entries.first.ips
end

key = OpenSSL::PKey::RSA.new(2048)
factory = java.security.KeyFactory.getInstance("RSA")
crt_key = factory.generatePrivate(java.security.spec.RSAPrivateCrtKeySpec.new(*%i[n e d p q dmp1 dmq1 iqmp].map { |part| key.public_send(part).to_java }))
plain_key = factory.generatePrivate(java.security.spec.RSAPrivateKeySpec.new(key.n.to_java, key.d.to_java))
e = key.e.to_java
n = key.n.to_java
input = java.math.BigInteger.new(2040, java.util.Random.new(1))
output = input.modPow(key.d.to_java, n).to_java(java.math.BigInteger)
context = Engines::BackendContext.new(java.nio.file.Paths.get(FastRsaEngine::JAR_DIRECTORY), Engines::KeyChecks.java_class.class_loader)
backends = Engines::Backends.new(context)

puts "RSA-2048, microseconds per call (JRuby #{JRUBY_VERSION}, Java #{ENV_JAVA['java.version']})"
p = key.p.to_java
q = key.q.to_java
output_p = output.mod(p).to_java(java.math.BigInteger)
output_q = output.mod(q).to_java(java.math.BigInteger)
puts format("%-66s %9.1f", "m^e mod n: the result check of keys run as n, e, d", micros { output.modPow(e, n) })
puts format("%-66s %9.1f", "m^e mod p and mod q: GMP's CRT check, in JDK arithmetic (libgmp's is faster)",
            micros { output_p.modPow(e, p) && output_q.modPow(e, q) })
FastRsaEngine.available_backends.reject { |name| name == :stock }.each do |name|
  engine = backends.engine(name.to_s)
  checked_crt = Engines::KeyChecks.prepare(engine, crt_key, e)
  checked = Engines::KeyChecks.prepare(engine, plain_key, e)
  figures = {
    "prepare a CRT key, engine alone" => micros { engine.prepare(crt_key, e) },
    "prepare a CRT key, with the key checks" => micros { Engines::KeyChecks.prepare(engine, crt_key, e) },
    "prepare an n, e, d key, engine alone" => micros { engine.prepare(plain_key, e) },
    "prepare an n, e, d key, with the checks and the probe" => micros { Engines::KeyChecks.prepare(engine, plain_key, e) },
    "private operation, CRT key (checked inside the backend)" => micros { checked_crt.privateOperation(input) },
    "private operation, n, e, d key, checked" => micros { checked.privateOperation(input) }
  }
  figures.each { |what, value| puts format("%-7s %-58s %9.1f", name, what, value) }
end
