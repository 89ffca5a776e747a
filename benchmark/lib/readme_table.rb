# frozen_string_literal: true

require_relative "operation_names"
require_relative "report"
require_relative "statistics"

# The README's table: the operations apps make most (a JWT's RS256, PS256 and ES256 signed and
# checked, ECDH, a certificate issued and checked, a chain checked, a TLS handshake), one thread, a
# row each, a column per runtime: its rate and, beside MRI's, its multiple of MRI's, marked where that
# multiple's interval is wider than Statistics::WIDE. Every figure with its interval goes to
# doc/benchmarks.md.
class ReadmeTable
  OPERATIONS = %w[sign verify sign_pss verify_pss ec_sign ec_verify ecdh cert_sign cert_verify ec_cert_sign ec_cert_verify
                  store_context_verify ec_store_context_verify tls13_handshake ec_tls13_handshake].freeze

  # rows: bin/benchmark's ({key:, runtime:}); figures: [key, op, bits, threads] => figure; cells: measured.
  def initialize(rows, figures, cells)
    @rows = rows
    @figures = figures
    threads = cells.map(&:last).min
    @cells = OPERATIONS.flat_map { |op| cells.select { |c_op, _, t| c_op == op && t == threads }.first(1) }
  end

  # "RS256 sign (RSA-2048) aws_lc", one per ratio to MRI in the table not known to Statistics::WIDE.
  def wide_ratios
    @cells.product(@rows).filter_map do |(op, bits, threads), row|
      ratio = @figures.dig([row[:key], op, bits, threads], "ratio_to_mri")
      "#{OperationNames.label(op, bits)} #{row[:key]}" if ratio && wide?(ratio)
    end
  end

  def to_markdown
    header = ["operation", *@rows.map { |row| column(row) }]
    body = @cells.map { |op, bits, threads| [OperationNames.label(op, bits), *@rows.map { |row| cell(row[:key], op, bits, threads) }] }
    Report.markdown([header, *body], 1)
  end

  def legend
    "Operations a second (one thread), and each JRuby's as a multiple of MRI's, measured within each " \
      "round; every multiple's 95% interval is within ±#{(Statistics::WIDE * 100).round}% but where marked *."
  end

  private

  def column(row)
    case row[:key]
    when "mri" then row[:runtime]["label"]
    when "stock" then "JRuby stock"
    else "JRuby + #{row[:key]}"
    end
  end

  def cell(key, op, bits, threads)
    figure = @figures[[key, op, bits, threads]] or return "-"
    rate = rate(figure["ops_per_sec"][:mean])
    ratio = figure["ratio_to_mri"] or return rate
    "#{rate} (#{format('%.2fx', ratio[:mean])}#{'*' if wide?(ratio)})"
  end

  # Wider than Statistics::WIDE, or from fewer rounds than an interval needs (below MIN_ROUNDS it is the range).
  def wide?(ratio)
    ratio[:half_width] > Statistics::WIDE || ratio[:rounds] < Statistics::MIN_ROUNDS
  end

  # 3 significant digits at most, thousands apart: "52,400", "1,450", "187".
  def rate(value)
    rounded = value.round(2 - Math.log10(value).floor)
    rounded.round.to_s.reverse.scan(/\d{1,3}/).join(",").reverse
  end
end
