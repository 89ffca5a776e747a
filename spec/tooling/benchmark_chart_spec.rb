# frozen_string_literal: true

require "json"
require "rexml/document"
require_relative "../../benchmark/lib/noise"
require_relative "../../benchmark/lib/ratio_chart"
require_relative "../../benchmark/lib/readme_table"

# What bin/benchmark makes of its figures for a reader: the chart, drawn from latest.json alone, the
# README's table, and its word on the machine's noise. Fed results of the shape bin/benchmark writes
# (every operation it has, at one size or curve, a figure per JRuby row over MRI), so that a new
# operation without a name or a panel shows here.
RSpec.describe "bin/benchmark's chart and README table", one_line: true do
  series = %w[stock aws_lc gmp]
  cells = (RsaOperations::NAMES.product([2048]) + EcOperations::NAMES.product([256])).map { |op, bits| [op, bits, 1] }
  # A multiple per cell and series, from 0.05x to 20x, and an interval of 2% or, every third, 8%.
  ratio = ->(index) { 0.05 * 400**((index % 23) / 22.0) }
  figures = cells.each_with_index.flat_map do |cell, i|
    series.each_with_index.map do |key, s|
      mean = ratio.(i + s * 7)
      width = ((i + s) % 3).zero? ? 0.08 : 0.02
      { runtime: key, cell: cell, ops_per_sec: { mean: 1000.0 * mean, low: 900.0, high: 1100.0, half_width: 0.1 },
        ratio_to_mri: { mean: mean, low: mean / (1 + width), high: mean * (1 + width), half_width: width, rounds: 5 } }
    end
  end
  mri = { key: "mri", runtime: { "label" => "MRI 3.1.2p20 + OpenSSL 3.0.19" } } # as the runners answer: JSON's keys
  rows = [mri, *series.map { |key| { key: key, runtime: { "label" => "JRuby 10.1.1.0 on Java 25.0.3" } } }]
  results = JSON.generate(machine: { cpu: "AMD EPYC", cores: 2, date: "2026-12-07T18:00:00Z" }, settings: { threads: [1] },
                          rows: rows, figures: figures, rounds: [{}] * 5)
  let(:chart) { RatioChart.from_json(results) }
  let(:svg) { REXML::Document.new(chart.to_svg) }
  let(:texts) { REXML::XPath.match(svg, "//text").map(&:text) }

  it "names every operation, in a panel of its family, with a dot and an interval line per figure" do
    expect(chart.cells.size).to eq(cells.size)
    expect(texts).to include(*cells.map { |op, bits| OperationNames.label(op, bits) }, *OperationNames::ORDER)
    expect(cells.map { |op, bits| OperationNames.label(op, bits) }.uniq.size).to eq(cells.size) # no two rows named alike
    expect(REXML::XPath.match(svg, "//circle[@r='4']").size).to eq(figures.size)
    expect(texts).to include("JRuby stock", "JRuby + aws_lc", "JRuby + gmp", "MRI")
  end

  it "puts the multiples on a log axis through every interval, MRI's line at 1x" do
    ticks = REXML::XPath.match(svg, "//text").select { |t| t.text =~ /\A[\d.]+x\z/ && t["font-size"] == "11" }
    at = ticks.to_h { |t| [t.text.to_f, t["x"].to_f] }
    expect(at.keys.min).to be <= 0.05 / 1.08
    expect(at.keys.max).to be >= 20 * 1.08
    expect(at[2.0] - at[1.0]).to be_within(0.2).of(at[1.0] - at[0.5]) # log: as far to 2x as to 0.5x
    expect(at[10.0] - at[1.0]).to be_within(0.3).of(at[1.0] - at[0.1])
    mri = REXML::XPath.match(svg, "//line[@stroke-width='2' and @stroke='#222']").first
    expect(mri["x1"].to_f).to eq(at[1.0])
  end

  it "the README's table: a row per operation apps make most, a column per runtime, wide multiples marked and named" do
    keyed = figures.to_h { |f| [[f[:runtime], *f[:cell]], { "ops_per_sec" => f[:ops_per_sec], "ratio_to_mri" => f[:ratio_to_mri] }] }
    table = ReadmeTable.new(rows, keyed, cells)
    lines = table.to_markdown.lines
    expect(lines.first).to match(/\A\| operation +\| +MRI 3\.1\.2p20 \+ OpenSSL 3\.0\.19 \| +JRuby stock \| +JRuby \+ aws_lc \| +JRuby \+ gmp \|/)
    expect(lines.size).to eq(2 + ReadmeTable::OPERATIONS.size)
    row = lines.find { |line| line.start_with?("| RS256 sign (RSA-2048) ") }
    index = cells.index(["sign", 2048, 1])
    expect(row).to include("(#{format('%.2fx', ratio.(index))}#{'*' if (index % 3).zero?})")
    expected = ReadmeTable::OPERATIONS.flat_map do |op|
      i = cells.index { |c| c.first == op }
      series.each_with_index.select { |_, s| (i + s) % 3 == 0 }.map { |key, _| "#{OperationNames.label(op, cells[i][1])} #{key}" }
    end
    expect(table.wide_ratios).to match_array(expected)
  end

  it "says the machine was quiet where nothing else ran and the A/A turns agree, busy otherwise" do
    turns = ->(spread) { [{ "aws_lc" => { "rates" => (1..40).to_h { |i| [[i], [100.0 * (1 + spread * (-1)**i), 100.0]] } } }] }
    noise = Noise.start
    expect(noise.measure(turns.(0.01))).to include(aa: be_within(0.005).of(0.0196), steal: be >= 0, others: be >= 0)
    expect(noise.measure(turns.(0.10))).to include(aa: be > 0.15, quiet: false)
    expect(Noise.describe(steal: 0.002, others: 0.01, aa: 0.03, quiet: true))
      .to eq("quiet: steal 0.2%, other processes 1.0% of the CPUs, A/A within ±3.0%")
  end
end
