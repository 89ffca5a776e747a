# frozen_string_literal: true

require "fileutils"

# An earlier version of the gem, for --baseline REV (a tag or commit): its tree taken out of git
# into results/tmp and its extension built by its own Rakefile, so that its rows run this
# runner.rb on the same keys, each right after the row of this checkout it is compared with.
class Baseline
  attr_reader :revision, :lib

  def initialize(root, revision, work_dir)
    @root = root
    @revision = revision
    @dir = File.join(work_dir, "baseline-#{revision.tr('/', '-')}")
    @lib = File.join(@dir, "lib")
  end

  # True once its extension is built; false, with a warning, where the revision cannot be.
  def build
    warn "==> building the extension of #{@revision}"
    FileUtils.rm_rf(@dir)
    FileUtils.mkdir_p(@dir)
    tar = "#{@dir}.tar"
    built = system("git", "-C", @root, "archive", "-o", tar, @revision) &&
            system("tar", "-xf", tar, "-C", @dir) &&
            system({ "FAST_RSA_ENGINE_JRUBY" => "9.4" }, File.join(@root, "bin/jruby"), "-S", "rake", "--quiet",
                   "compile", "jars", chdir: @dir, out: :err)
    warn "==> #{@revision} could not be built: its rows are left out" unless built
    built
  end
end
