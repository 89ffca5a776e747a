# frozen_string_literal: true

require "fileutils"
require "tmpdir"
require_relative "../command"

module Suites
  # Debian's concurrent-ruby ships only its MRI half; on JRuby it requires
  # concurrent/concurrent_ruby.jar, and without it ActiveSupport does not load (json-jwt,
  # rack-oauth2 and openid_connect need ActiveSupport). With concurrent-ruby's sources at Debian's
  # version in DIR/concurrent-ruby, this compiles their Java half into that jar, in a folder on the
  # suites' load path. Compiled as the project's own jar is, with JRuby 9.4's JDK and jruby.jar.
  module ConcurrentRubyJar
    TOOLCHAIN = File.expand_path("../../../bin/lib/toolchain.sh", __dir__)
    JAVA_SOURCES = "ext/concurrent-ruby"

    module_function

    # Builds the jar into rubylib/concurrent/ and returns its path, or nil without the sources.
    def build(source_dir, rubylib)
      return nil unless Dir.exist?(File.join(source_dir, JAVA_SOURCES))

      jar = File.join(rubylib, "concurrent", "concurrent_ruby.jar")
      FileUtils.mkdir_p(File.dirname(jar))
      jdk, jruby_home = toolchain
      Dir.mktmpdir do |classes|
        sources = Dir[File.join(source_dir, JAVA_SOURCES, "**", "*.java")]
        Downstream::Command.run(File.join(jdk, "bin", "javac"), *release_option(jdk), "-nowarn", "-cp", File.join(jruby_home, "lib", "jruby.jar"),
            "-d", classes, *sources)
        Downstream::Command.run(File.join(jdk, "bin", "jar"), "cf", jar, "-C", classes, ".")
      end
      jar
    end

    def toolchain
      out = Downstream::Command.run("bash", "-c", "source #{TOOLCHAIN} && jdk_for_line 9.4 && jruby_home 9.4")
      out.lines.map(&:strip).last(2)
    end

    # Bytecode for the oldest JDK that runs a suite; sun.misc.Unsafe, which the sources use, is
    # visible to --release only from Java 9 on (a Java 8 javac compiles it without the option).
    def release_option(jdk)
      feature = File.read(File.join(jdk, "release"))[/JAVA_VERSION="(?:1\.)?(\d+)/, 1].to_i
      feature >= 9 ? ["--release", feature.to_s] : []
    end
  end
end
