# frozen_string_literal: true

module Suites
  # How one library's own suite runs, read from libraries/<name>.rb: a few plain statements
  # (framework, load_path, files...) evaluated against this object. <name> is the folder's name
  # in the sources directory.
  class Definition
    FRAMEWORKS = %i[rspec minitest].freeze
    DEFAULT_TIMEOUT = 900

    attr_reader :name, :notes

    def self.load(path)
      new(File.basename(path, ".rb")).tap { |definition| definition.instance_eval(File.read(path), path) }
    end

    def self.all
      Dir[File.join(__dir__, "libraries", "*.rb")].sort.map { |path| load(path) }
    end

    def initialize(name)
      @name = name
      @load_path = ["lib"]
      @files = []
      @exclude = []
      @stubs = []
      @requires = []
      @notes = []
      @timeout = DEFAULT_TIMEOUT
    end

    # The statements of a library file; each also reads back its value without arguments.
    def framework(value = nil)
      return @framework unless value
      raise ArgumentError, "#{name}: framework #{value} is not one of #{FRAMEWORKS}" unless FRAMEWORKS.include?(value)

      @framework = value
    end

    def load_path(*dirs) = dirs.empty? ? @load_path : @load_path = dirs
    def files(*globs) = globs.empty? ? @files : @files = globs
    def exclude(*globs) = globs.empty? ? @exclude : @exclude = globs
    def stubs(*names) = names.empty? ? @stubs : @stubs = names
    # Files required before the suite, as what a stubbed loader (Bundler.require) would have loaded.
    def requires(*names) = names.empty? ? @requires : @requires = names
    def timeout(seconds = nil) = seconds ? @timeout = seconds : @timeout

    # Where the sources come from: the upstream repository (owner/name) and the tag of Debian's
    # version (the mirror serves few Debian source packages); the folder DIR/<name> holds that tree.
    def source(repository = nil, tag = nil) = repository ? @source = [repository, tag] : @source

    # What of the suite is not run, and why (shown in the report).
    def note(text)
      @notes << text
    end

    # The suite's test files under its directory, in a stable order.
    def test_files(directory)
      Dir.chdir(directory) do
        (files.flat_map { |glob| Dir[glob] } - exclude.flat_map { |glob| Dir[glob] }).uniq.sort
      end
    end
  end
end
