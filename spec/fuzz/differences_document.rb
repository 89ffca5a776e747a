# frozen_string_literal: true

module Fuzz
  # DIFFERENCES.md, the one list of where the engine differs from stock: its rows by id, each
  # described in the fuzzer's reports by its id and call (the document says the rest).
  module DifferencesDocument
    PATH = File.expand_path("../../DIFFERENCES.md", __dir__)
    # | `id` | call | stock jruby-openssl | with fast-rsa-engine |
    ROW = /\A\| `([a-z0-9-]+)` \| (.*) \| (.*) \| (.*) \|\z/.freeze

    def self.rows
      @rows ||= File.foreach(PATH).filter_map { |line| ROW.match(line.chomp) }.to_h do |row|
        [row[1], "#{row[1]}: #{row[2]}"]
      end
    end

    def self.ids
      rows.keys
    end

    def self.description(id)
      rows.fetch(id) { raise KeyError, "DIFFERENCES.md has no row #{id}" }
    end
  end
end
