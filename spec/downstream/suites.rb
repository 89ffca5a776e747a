# frozen_string_literal: true

# bin/downstream --suites DIR: runs the own test suites of the libraries that use RSA, whose
# sources are folders of DIR named as in suites/libraries/, under JRuby with FAST_RSA_ENGINE=off
# (stock) and with each backend, on each JRuby line, and compares the sets of failing examples.
# MRI runs this; each suite runs in a JRuby of its own (bin/jruby).
#
#   ruby spec/downstream/suites.rb DIR [--lines 10.1,9.4] [--backends aws_lc,gmp]
#        [--only ruby-jwt,net-ssh] [--report FILE] [--work DIR]
#
# Prints the report (markdown) to stdout, or writes it to --report FILE; each run's log stays under
# --work. Exits 1 when a difference replayed, 0 otherwise (flaky ones and suites that cannot run on
# JRuby are listed, not failed).
require "optparse"
require "rubygems"
require "tmpdir"
require_relative "suites/concurrent_ruby_jar"
require_relative "suites/debian_rubylib"
require_relative "suites/definition"
require_relative "suites/comparison"
require_relative "suites/report"

module Suites
  module_function

  def main(argv)
    options = parse(argv)
    definitions = Definition.all.select { |definition| options[:only].nil? || options[:only].include?(definition.name) }
    present, missing = definitions.partition { |definition| Dir.exist?(File.join(options[:dir], definition.name)) }
    options[:debian_rubylib] = DebianRubylib.prepare(File.join(options[:work], "debian_rubylib"))
    ConcurrentRubyJar.build(File.join(options[:dir], "concurrent-ruby"), options[:debian_rubylib])
    comparisons = []
    options[:lines].each do |line|
      present.each do |definition|
        comparisons << compare(definition, line, options)
        write_report(comparisons, options, present, missing) if options[:report] # a long run's table so far
      end
    end
    write_report(comparisons, options, present, missing)
    comparisons.any?(&:regressions?) ? 1 : 0
  end

  def write_report(comparisons, options, present, missing)
    report = Report.new(comparisons, backends: options[:backends], definitions: present, missing: missing.map(&:name)).to_markdown
    options[:report] ? File.write(options[:report], report) : puts(report)
  end

  def compare(definition, line, options)
    source_dir = File.join(options[:dir], definition.name)
    Comparison.new(definition: definition, source_dir: source_dir, line: line, backends: options[:backends],
                   work_root: options[:work], version: version_of(source_dir), debian_rubylib: options[:debian_rubylib]).run
  end

  # The version the library's gemspec states, read in its folder as `gem build` would. The sources
  # are a tree without .git: `git ls-files` in a gemspec complains on stderr, silenced here.
  def version_of(source_dir)
    gemspec = Dir[File.join(source_dir, "*.gemspec")].first
    return "?" unless gemspec

    Dir.chdir(source_dir) { quietly { Gem::Specification.load(File.basename(gemspec))&.version&.to_s || "?" } }
  end

  def quietly
    saved = $stderr.dup
    $stderr.reopen(File::NULL)
    yield
  ensure
    $stderr.reopen(saved)
  end

  def parse(argv)
    options = { lines: %w[10.1 9.4], backends: %w[aws_lc gmp], work: File.join(Dir.tmpdir, "fast-rsa-engine-suites") }
    parser = OptionParser.new do |opts|
      opts.banner = "usage: ruby spec/downstream/suites.rb DIR [options]"
      opts.on("--lines LIST", Array, "JRuby lines (10.1,9.4)") { |value| options[:lines] = value }
      opts.on("--backends LIST", Array, "backends compared with off (aws_lc,gmp)") { |value| options[:backends] = value }
      opts.on("--only LIST", Array, "these libraries only") { |value| options[:only] = value }
      opts.on("--report FILE", "write the markdown report there, not to stdout") { |value| options[:report] = value }
      opts.on("--work DIR", "logs and results of each run") { |value| options[:work] = File.expand_path(value) }
    end
    rest = parser.parse(argv)
    abort(parser.help) unless rest.size == 1 && Dir.exist?(rest.first)
    options.merge(dir: File.expand_path(rest.first))
  end
end

exit Suites.main(ARGV) if $PROGRAM_NAME == __FILE__
