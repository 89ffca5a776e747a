# frozen_string_literal: true

# What fast-rsa-engine's key and result checks (ext/java/fastrsaengine/engines/rsa/KeyChecks.java) cost,
# per native backend, for one RSA-2048 key: doc/security.md's table cites these figures.
#   bin/benchmark --checks
# Each figure: benchmark-ips's rate of calls straight on the Java classes, as microseconds a call.
$LOAD_PATH.unshift File.expand_path("../lib", __dir__)
require "benchmark/ips"
require "fast-rsa-engine"

Engines = Java::FastrsaengineEngines # the gem's backends and their choice, package fastrsaengine.engines
KeyChecks = Java::FastrsaengineEnginesRsa::KeyChecks # RSA's key and result checks, package fastrsaengine.engines.rsa

def report(what, &call)
  micros = 1e6 / Benchmark.ips(warmup: 1, time: 2, quiet: true) { |x| x.report(&call) }.entries.first.ips
  puts format("%-77s %9.1f", what, micros)
end

key = OpenSSL::PKey::RSA.new(2048)
n, e, d, p, q, dmp1, dmq1, iqmp = %i[n e d p q dmp1 dmq1 iqmp].map { |part| key.public_send(part).to_java }
factory = java.security.KeyFactory.getInstance("RSA")
crt_key = factory.generatePrivate(java.security.spec.RSAPrivateCrtKeySpec.new(n, e, d, p, q, dmp1, dmq1, iqmp))
plain_key = factory.generatePrivate(java.security.spec.RSAPrivateKeySpec.new(n, d))
big = ->(number) { number.to_java(java.math.BigInteger) } # JRuby answers a Java BigInteger as an Integer
input = java.math.BigInteger.new(2040, java.util.Random.new(1))
output = big.(input.modPow(d, n))
jars = java.nio.file.Paths.get(FastRsaEngine::JAR_DIRECTORY)
backends = Engines::Backends.new(Engines::BackendContext.new(jars, KeyChecks.java_class.class_loader))

puts "RSA-2048, microseconds per call (JRuby #{JRUBY_VERSION}, Java #{ENV_JAVA['java.version']})"
report("m^e mod n: the result check of keys run as n, e, d") { output.modPow(e, n) }
output_p, output_q = big.(output.mod(p)), big.(output.mod(q))
report("m^e mod p and mod q: GMP's CRT check, in JDK arithmetic (libgmp's is faster)") do
  output_p.modPow(e, p) && output_q.modPow(e, q)
end
(FastRsaEngine.available_backends - [:stock]).each do |name|
  engine = backends.engine(name.to_s)
  checked = ->(key) { KeyChecks.prepare(engine, key, e) }
  checked_crt, checked_plain = checked.(crt_key), checked.(plain_key)
  report("#{name} prepare a CRT key, engine alone") { engine.prepare(crt_key, e) }
  report("#{name} prepare a CRT key, with the key checks") { checked.(crt_key) }
  report("#{name} prepare an n, e, d key, engine alone") { engine.prepare(plain_key, e) }
  report("#{name} prepare an n, e, d key, with the checks and the probe") { checked.(plain_key) }
  report("#{name} private operation, CRT key (checked inside the backend)") { checked_crt.privateOperation(input) }
  report("#{name} private operation, n, e, d key, checked") { checked_plain.privateOperation(input) }
end
