# frozen_string_literal: true

require_relative "../fuzz/differences_document"

# DIFFERENCES.md is the one list of where the gem differs from stock; the fuzzer lets a difference
# pass only where a predicate of the same id holds. The two lists must name the same rows: a row
# without a predicate is a promise nothing checks, a predicate without a row an undocumented
# difference the fuzzer lets pass.
RSpec.describe "DIFFERENCES.md and the fuzzer's documented differences", jruby: true, one_line: true do
  let(:document_ids) { Fuzz::DifferencesDocument.ids }
  let(:fuzzer_ids) { Fuzz::DocumentedDifferences::ROWS.map(&:id) + Fuzz::DocumentedDifferences::STOCK_LACKS.values.uniq }

  before { require_relative "../fuzz/fuzz" }

  it "name each row once" do
    expect(document_ids).to eq(document_ids.uniq)
    expect(Fuzz::DocumentedDifferences::ROWS.map(&:id)).to eq(Fuzz::DocumentedDifferences::ROWS.map(&:id).uniq)
  end

  it "name the same rows" do
    expect(fuzzer_ids - document_ids).to be_empty, "predicates without a row in DIFFERENCES.md: #{fuzzer_ids - document_ids}"
    expect(document_ids - fuzzer_ids).to be_empty, "rows of DIFFERENCES.md no predicate checks: #{document_ids - fuzzer_ids}"
  end

  it "the Java comments that name a row name one the document has" do
    named = Dir[File.expand_path("../../ext/java/**/*.java", __dir__)].flat_map do |file|
      File.read(file).scan(/DIFFERENCES\.md:?((?:\s*\*?\s*[a-z0-9]+(?:-[a-z0-9]+)*,?)+)/).flatten.flat_map { |ids| ids.scan(/[a-z0-9]+(?:-[a-z0-9]+)+|x931|sslv23/) }
    end
    expect(named).not_to be_empty
    expect(named.uniq - document_ids).to be_empty
  end

  it "the README points to DIFFERENCES.md" do
    expect(File.read(File.expand_path("../../README.md", __dir__))).to include("(DIFFERENCES.md)")
  end
end
