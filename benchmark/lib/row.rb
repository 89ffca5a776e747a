# frozen_string_literal: true

# One row of the report: a runtime and engine (MRI, JRuby stock, JRuby with a backend, Square's
# bouncycastle-rsa) and the figures its runner.rb process measured, each with its ratio to MRI's.
Row = Struct.new(:key, :label, :runtime, :figures) do
  # {"op" => "sign", "bits" => 2048, "threads" => 1, "ops_per_sec" => 4120.5, ...}, or nil.
  def figure(op, bits, threads)
    figures.find { |f| f["op"] == op && f["bits"] == bits && f["threads"] == threads }
  end

  def measured?(op, bits)
    figures.any? { |f| f["op"] == op && f["bits"] == bits }
  end

  def add_ratios(mri)
    figures.each do |f|
      base = mri.figure(f["op"], f["bits"], f["threads"])
      f["ratio_to_mri"] = (f["ops_per_sec"] / base["ops_per_sec"]).round(3) if base
    end
  end
end
