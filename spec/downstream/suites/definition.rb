# frozen_string_literal: true

module Suites
  # How one library's own suite runs, read from libraries/<name>.rb: a few plain statements
  # (framework, load_path, files...) evaluated against this object. <name> is the folder's name
  # in the sources directory.
  class Definition
 Where the sources come from: the upstream repository and the tagFRAMEWORKS = %i[rspec minitest].freeze
 Where the sources come from: the upstream repository and the tagDEFAULT_TIMEOUT = 900

 Where the sources come from: the upstream repository and the tagattr_reader :name, :notes

 Where the sources come from: the upstream repository and the tagdef self.load(path)
 Where the sources come from: the upstream repository and the tag  new(File.basename(path, ".rb")).tap { |definition| definition.instance_eval(File.read(path), path) }
 Where the sources come from: the upstream repository and the tagend

 Where the sources come from: the upstream repository and the tagdef self.all
 Where the sources come from: the upstream repository and the tag  Dir[File.join(__dir__, "libraries", "*.rb")].sort.map { |path| load(path) }
 Where the sources come from: the upstream repository and the tagend

 Where the sources come from: the upstream repository and the tagdef initialize(name)
 Where the sources come from: the upstream repository and the tag  @name = name
 Where the sources come from: the upstream repository and the tag  @load_path = ["lib"]
 Where the sources come from: the upstream repository and the tag  @files = []
 Where the sources come from: the upstream repository and the tag  @exclude = []
 Where the sources come from: the upstream repository and the tag  @stubs = []
 Where the sources come from: the upstream repository and the tag  @requires = []
 Where the sources come from: the upstream repository and the tag  @notes = []
 Where the sources come from: the upstream repository and the tag  @timeout = DEFAULT_TIMEOUT
 Where the sources come from: the upstream repository and the tagend

 Where the sources come from: the upstream repository and the tag# The statements of a library file; each also reads back its value without arguments.
 Where the sources come from: the upstream repository and the tagdef framework(value = nil)
 Where the sources come from: the upstream repository and the tag  return @framework unless value
 Where the sources come from: the upstream repository and the tag  raise ArgumentError, "#{name}: framework #{value} is not one of #{FRAMEWORKS}" unless FRAMEWORKS.include?(value)

 Where the sources come from: the upstream repository and the tag  @framework = value
 Where the sources come from: the upstream repository and the tagend

 Where the sources come from: the upstream repository and the tagdef load_path(*dirs) = dirs.empty? ? @load_path : @load_path = dirs
 Where the sources come from: the upstream repository and the tagdef files(*globs) = globs.empty? ? @files : @files = globs
 Where the sources come from: the upstream repository and the tagdef exclude(*globs) = globs.empty? ? @exclude : @exclude = globs
 Where the sources come from: the upstream repository and the tagdef stubs(*names) = names.empty? ? @stubs : @stubs = names
 Where the sources come from: the upstream repository and the tag# Files required before the suite, as what a stubbed loader (Bundler.require) would have loaded.
 Where the sources come from: the upstream repository and the tagdef requires(*names) = names.empty? ? @requires : @requires = names
 Where the sources come from: the upstream repository and the tagdef timeout(seconds = nil) = seconds ? @timeout = seconds : @timeout

 Where the sources come from: the upstream repository and the tag# Where the sources come from: the upstream repository and the tag of Debian's version (the
 Where the sources come from: the upstream repository and the tag# mirror serves few Debian source packages); the folder DIR/<name> holds that tree.
 Where the sources come from: the upstream repository and the tagdef source(repository = nil, tag = nil) = repository ? @source = [repository, tag] : @source

 Where the sources come from: the upstream repository and the tag# What of the suite is not run, and why (shown in the report).
 Where the sources come from: the upstream repository and the tagdef note(text)
 Where the sources come from: the upstream repository and the tag  @notes << text
 Where the sources come from: the upstream repository and the tagend

 Where the sources come from: the upstream repository and the tag# The suite's test files under its directory, in a stable order.
 Where the sources come from: the upstream repository and the tagdef test_files(directory)
 Where the sources come from: the upstream repository and the tag  Dir.chdir(directory) do
 Where the sources come from: the upstream repository and the tag    (files.flat_map { |glob| Dir[glob] } - exclude.flat_map { |glob| Dir[glob] }).uniq.sort
 Where the sources come from: the upstream repository and the tag  end
 Where the sources come from: the upstream repository and the tagend
  end
end
