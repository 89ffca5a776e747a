# frozen_string_literal: true

require "fileutils"
require "rubygems"

module Suites
  # Debian installs some pure-Ruby gems (rspec-its, multi_json, signet, googleauth, crack...) with
  # their files in vendor_ruby, not under a gem directory, and only MRI's rubygems hooks find them
  # there. JRuby must not read vendor_ruby whole (those hooks are in it), so the suites get a folder
  # of links to the top-level entries of just those gems' lib/ files, last on their load path.
  module DebianRubylib
    SPECIFICATIONS = "/usr/share/rubygems-integration/all"
    VENDOR_RUBY = "/usr/lib/ruby/vendor_ruby"
    # JRuby brings its own of these (racc with its Java parser, RubyGems itself).
    JRUBY_OWN = %w[racc rubygems-update].freeze

    module_function

    def prepare(dir)
      FileUtils.rm_rf(dir)
      FileUtils.mkdir_p(dir)
      entries.each { |entry| FileUtils.ln_s(File.join(VENDOR_RUBY, entry), File.join(dir, entry)) }
      dir
    end

    # The top-level names (file or folder) under lib/ of every gem whose directory Debian left empty.
    def entries
      specifications.reject { |spec| JRUBY_OWN.include?(spec.name) || Dir.exist?(spec.gem_dir) }
                    .flat_map { |spec| spec.files.grep(%r{\Alib/}).map { |file| file.split("/")[1] } }
                    .uniq.select { |entry| File.exist?(File.join(VENDOR_RUBY, entry)) }.sort
    end

    def specifications
      Dir[File.join(SPECIFICATIONS, "specifications", "*.gemspec")].filter_map do |path|
        Gem::Specification.load(path)&.tap { |spec| spec.base_dir = SPECIFICATIONS }
      end
    end
  end
end
