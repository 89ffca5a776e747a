# frozen_string_literal: true

require "fileutils"
require "open3"

# An earlier version of the gem, for --baseline REV (a tag or commit): its tree taken out of git
# into results/tmp and its extension built by its own Rakefile, so that its rows run this
# runner.rb on the same keys, each right after the row of this checkout it is compared with.
# A baseline asked for and not had is an error: a report without its rows would read as complete.
class Baseline
  # A baseline that cannot be had: bin/benchmark stops with its message.
  class Error < StandardError
  end

  # The project's release tags and their commits (README: Develop), for a clone without tags
  # (`git clone --no-tags`, a CI checkout), where the tag names nothing.
  RELEASE_COMMITS = { "v0.1.0" => "cc6df41" }.freeze

  # REV, as given, names the rows; commit is what git resolved it to.
  attr_reader :revision, :commit, :lib

  def initialize(root, revision, work_dir)
    @root = root
    @revision = revision
    @commit = resolve(revision)
    @dir = File.join(work_dir, "baseline-#{revision.tr('/', '-')}")
    @lib = File.join(@dir, "lib")
  end

  # Builds its extension; raises when it cannot be built.
  def build
    warn "==> building the extension of #{@revision}#{" (#{@commit})" unless @commit.start_with?(@revision)}"
    FileUtils.rm_rf(@dir)
    FileUtils.mkdir_p(@dir)
    tar = "#{@dir}.tar"
    built = system("git", "-C", @root, "archive", "-o", tar, @commit) &&
            system("tar", "-xf", tar, "-C", @dir) &&
            system({ "FAST_RSA_ENGINE_JRUBY" => "9.4" }, File.join(@root, "bin/jruby"), "-S", "rake", "--quiet",
                   "compile", "jars", chdir: @dir, out: :err)
    raise Error, "--baseline #{@revision}: its extension could not be built (see above)" unless built
  end

  private

  # The full commit a tag or commit names here; a release tag this clone lacks falls back to its commit.
  def resolve(revision)
    commit = commit_of(revision)
    return commit if commit

    fallback = RELEASE_COMMITS[revision] && commit_of(RELEASE_COMMITS[revision])
    raise Error, "--baseline #{revision}: no such tag or commit in #{@root} (a clone without tags? `git fetch --tags`)" unless fallback

    warn "==> no tag #{revision} in this clone: its commit #{RELEASE_COMMITS[revision]}"
    fallback
  end

  def commit_of(revision)
    out, status = Open3.capture2("git", "-C", @root, "rev-parse", "--verify", "--quiet", "#{revision}^{commit}", err: File::NULL)
    status.success? ? out.strip : nil
  end
end
