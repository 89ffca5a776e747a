# frozen_string_literal: true

# What the runner processes measured, run after run: for each row (runtime and engine) and each
# cell (operation, key size, threads), the median ops/s over the runs and its ratio to the baseline.
class Results
  Cell = Struct.new(:op, :bits, :threads)

  attr_reader :skipped

  def initialize(baseline)
    @baseline = baseline
    @rows = {}
    @skipped = {}
  end

  # Takes in one runner's JSON output for the row `key`.
  def add(key, output)
    return @skipped[key] = output["unavailable"] if output["unavailable"]

    row = @rows[key] ||= { label: output["label"], runtime: output["runtime"], runs: Hash.new { |h, c| h[c] = [] } }
    output["results"].each { |r| row[:runs][Cell.new(r["op"], r["bits"], r["threads"])] << r["ops_per_sec"] }
  end

  def keys
    @rows.keys
  end

  def label(key)
    @rows.fetch(key)[:label]
  end

  def runtime(key)
    @rows.fetch(key)[:runtime]
  end

  def cells
    @rows.values.flat_map { |row| row[:runs].keys }.uniq
  end

  # Median ops/s, or nil when the row has no such cell.
  def ops_per_sec(key, cell)
    runs = @rows.fetch(key)[:runs].fetch(cell, nil)
    runs && median(runs)
  end

  # Ops/s relative to the baseline row (MRI), or nil when either is missing.
  def ratio(key, cell)
    value = ops_per_sec(key, cell)
    base = @rows.key?(@baseline) && ops_per_sec(@baseline, cell)
    value / base if value && base
  end

  def to_h
    { baseline: @baseline, skipped: @skipped, rows: keys.map { |key| row_to_h(key) } }
  end

  private

  def row_to_h(key)
    results = @rows[key][:runs].map do |cell, runs|
      ratio = ratio(key, cell)
      cell.to_h.merge(ops_per_sec: ops_per_sec(key, cell).round(1), runs: runs, ratio_to_baseline: ratio&.round(3))
    end
    { key: key, label: label(key), runtime: runtime(key), results: results }
  end

  def median(values)
    sorted = values.sort
    middle = sorted.size / 2
    sorted.size.odd? ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2.0
  end
end
