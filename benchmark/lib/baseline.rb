# frozen_string_literal: true

require "fileutils"
require "open3"

# An earlier version of the gem, for --baseline REV (a tag or commit): its tree taken out of git and
# its extension built by its own Rakefile, so that its rows run this runner.rb on the same keys.
# A baseline asked for and not had stops the run (exit 1): a report without its rows would read as
# complete.
module Baseline
  module_function

  # Builds REV's extension in a folder of work_dir; answers that version's lib/ folder.
  def build(root, revision, work_dir)
    fail = ->(why) { abort "bin/benchmark: --baseline #{revision}: #{why}" }
    out, found = Open3.capture2("git", "-C", root, "rev-parse", "--verify", "--quiet", "#{revision}^{commit}")
    found.success? or fail.("no such tag or commit in #{root} (a clone without tags? `git fetch --tags`)")
    commit = out.strip
    warn "==> building the extension of #{revision} (#{commit})"
    dir = File.join(work_dir, "baseline-#{revision.tr('/', '-')}")
    FileUtils.rm_rf(dir)
    FileUtils.mkdir_p(dir)
    Open3.pipeline(["git", "-C", root, "archive", commit], ["tar", "-x", "-C", dir]).all?(&:success?) &&
      system({ "FAST_RSA_ENGINE_JRUBY" => "9.4" }, "#{root}/bin/jruby", "-S", "rake", "--quiet", "compile", "jars",
             chdir: dir, out: :err) or fail.("its extension could not be built (see above)")
    File.join(dir, "lib")
  end
end
