# frozen_string_literal: true

# bin/downstream's orchestrator, run by MRI: makes the run's keys, starts the OpenSSH server, runs
# each configuration's JRuby process (spec/downstream/record.rb), compares every backend with `off`
# (Downstream::Comparison), reruns each library that differed, and reports. Exits 1 on a
# difference that replays, a crashed driver or a JRuby process that failed.
#
# json-jwt, rack-oauth2 and openid_connect need ActiveSupport, which needs concurrent-ruby's Java
# half on JRuby, absent from Debian's package: given concurrent-ruby's sources (--concurrent-ruby,
# as brought for --suites), the run builds that jar and links Debian's vendor_ruby gems as the
# suites do (Suites::ConcurrentRubyJar, Suites::DebianRubylib), so that they load.
require "optparse"
require "tmpdir"
require_relative "comparison"
require_relative "fixtures"
require_relative "report"
require_relative "ssh_server"
require_relative "line_run"
require_relative "suites/concurrent_ruby_jar"
require_relative "suites/debian_rubylib"

options = { lines: [], backends: [], libraries: [], keep: nil, concurrent_ruby: nil }
OptionParser.new do |parser|
  parser.banner = "usage: bin/downstream [--all] [--line 10.1|9.4]... [--backend aws_lc|gmp]... [--library NAME]... [--keep DIR] [--concurrent-ruby DIR]"
  parser.on("--all", "JRuby 10.1 and 9.4, each off against aws_lc and gmp") { options[:all] = true }
  parser.on("--line LINE", "a JRuby line (repeatable; default 10.1)") { |v| options[:lines] << v }
  parser.on("--backend NAME", "a backend compared with off (repeatable; default aws_lc)") { |v| options[:backends] << v }
  parser.on("--library NAME", "one library's driver (repeatable; default all)") { |v| options[:libraries] << v }
  parser.on("--keep DIR", "keep the keys, transcripts and sshd's log in DIR") { |v| options[:keep] = v }
  parser.on("--concurrent-ruby DIR", "concurrent-ruby's sources (v1.1.6): the libraries on ActiveSupport load") { |v| options[:concurrent_ruby] = File.expand_path(v) }
end.parse!
lines = options[:all] ? %w[10.1 9.4] : (options[:lines].empty? ? %w[10.1] : options[:lines])
backends = options[:all] ? %w[aws_lc gmp] : (options[:backends].empty? ? %w[aws_lc] : options[:backends])

Downstream.load_libraries
dir = options[:keep] || Dir.mktmpdir("downstream")
server = nil
begin
  Downstream::Fixtures.write(dir)
  if options[:concurrent_ruby]
    rubylib = Suites::DebianRubylib.prepare(File.join(dir, "rubylib"))
    Suites::ConcurrentRubyJar.build(options[:concurrent_ruby], rubylib) or abort "no concurrent-ruby sources in #{options[:concurrent_ruby]}"
    ENV["DOWNSTREAM_RUBYLIB"] = [ENV.fetch("DOWNSTREAM_RUBYLIB", nil), rubylib].compact.join(File::PATH_SEPARATOR)
  end
  server = Downstream::SshServer.new(dir).start
  results = lines.map do |line|
    Downstream::LineRun.new(dir: dir, line: line, backends: backends, libraries: options[:libraries]).run
  end
  report = Downstream::Report.new(results)
  puts report.text
  exit(report.failed? ? 1 : 0)
ensure
  server&.stop
  FileUtils.rm_rf(dir) unless options[:keep]
end
