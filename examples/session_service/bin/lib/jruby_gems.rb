# frozen_string_literal: true

# Debian packages Puma and nio4r for MRI only: C extensions built for MRI, gem specs JRuby does not
# read. This turns the installed packages into gems JRuby installs, as rubygems.org would serve them:
# puma for the java platform with its Java HTTP parser (the jar bin/setup builds from Debian's source),
# and nio4r as a plain Ruby gem: Debian's mirror here carries no source of its Java extension, so
# Puma loads nio4r in its pure-Ruby mode (NIO4R_PURE=true) and runs without the reactor that would
# use it (queue_requests false, see config/puma.rb). Runs under MRI, which finds the packages.
#   ruby examples/session_service/bin/lib/jruby_gems.rb OUT_DIR PUMA_HTTP11_JAR
require "fileutils"
require "rubygems/package"
require "tmpdir"

module JrubyGems
  module_function

  def build(out_dir, parser_jar)
    [repackage("nio4r", "ruby", out_dir),
     repackage("puma", "java", out_dir, "lib/puma/puma_http11.jar" => parser_jar)]
  end

  # Writes NAME-VERSION[-PLATFORM].gem into out_dir: Debian's lib/ and bin/ of the installed gem,
  # plus `extra` files (path in the gem => file), with no extension to build.
  def repackage(name, platform, out_dir, extra = {})
    spec = Gem::Specification.find_by_name(name).dup
    Dir.mktmpdir do |dir|
      FileUtils.cp_r(Dir[File.join(spec.full_gem_path, "{lib,bin}")], dir)
      extra.each { |path, file| FileUtils.cp(file, File.join(dir, path)) }
      Dir.chdir(dir) { package(spec, platform, out_dir) }
    end
  end

  def package(spec, platform, out_dir)
    spec.platform = platform
    spec.extensions = []
    spec.files = Dir["{lib,bin}/**/*"].select { |path| File.file?(path) }
    built = Gem::DefaultUserInteraction.use_ui(Gem::SilentUI.new) { Gem::Package.build(spec, true) }
    FileUtils.mv(built, out_dir, force: true)
    File.join(out_dir, spec.file_name)
  end
end

puts JrubyGems.build(*ARGV) if $PROGRAM_NAME == __FILE__
