# frozen_string_literal: true

require_relative "statistics"

# How busy the machine was while bin/benchmark measured, from three signs, each read over the whole
# run: the hypervisor's steal (the share of the CPUs' time /proc/stat counts as taken by other
# guests), other processes' CPU (all the CPUs' busy time less this process's and its runtimes'), and
# an A/A spread: a runtime measures every cell twice a round (Rounds' repeats), so the two turns'
# ratio, which is 1 on a quiet machine, shows what noise alone does to a figure within a round.
class Noise
  STEAL = 0.01 # at most 1% of the CPUs' time taken by other guests...
  OTHERS = 0.05 # ...5% of it by processes not the benchmark's...
  AA = 0.05 # ...and 95% of the A/A ratios within ±5%: quiet
  HERTZ = 100.0 # USER_HZ, /proc/stat's unit on Linux

  def self.start
    new(cpu_jiffies, own_seconds)
  end

  # [steal, busy, total] jiffies of all the CPUs so far (/proc/stat's first line).
  def self.cpu_jiffies
    user, nice, system, idle, iowait, irq, softirq, steal = File.read("/proc/stat")[/^cpu\s+(.*)$/, 1].split.map(&:to_i)
    [steal, user + nice + system + irq + softirq, user + nice + system + idle + iowait + irq + softirq + steal]
  end

  # CPU seconds of this process and of the runtimes' processes it has waited for.
  def self.own_seconds
    times = Process.times
    times.utime + times.stime + times.cutime + times.cstime
  end

  def initialize(jiffies, own)
    @jiffies = jiffies
    @own = own
  end

  # {steal:, others:, aa:, quiet:}: steal and others as shares of all the CPUs' time since start, aa
  # the half-width of the 95% range of the A/A ratios of `rounds` (Rounds#run's answers).
  def measure(rounds)
    steal, busy, total = Noise.cpu_jiffies.zip(@jiffies).map { |now, before| (now - before) / HERTZ }
    share = ->(seconds) { total.zero? ? 0.0 : seconds / total }
    steal, others, aa = share.(steal), share.([busy - (Noise.own_seconds - @own), 0].max), aa_spread(rounds)
    { steal: steal, others: others, aa: aa, quiet: steal <= STEAL && others <= OTHERS && aa.to_f <= AA }
  end

  # "quiet: steal 0.2%, other processes 1.1% of the CPUs, A/A within ±2.3%", or "busy: ..."
  def self.describe(noise)
    format("%s: steal %.1f%%, other processes %.1f%% of the CPUs, A/A within ±%s", noise[:quiet] ? "quiet" : "busy",
           noise[:steal] * 100, noise[:others] * 100, noise[:aa] ? format("%.1f%%", noise[:aa] * 100) : "? (one turn a cell)")
  end

  private

  # Each runtime's cell's first turn over its second within a round: 95% of them within ±this.
  def aa_spread(rounds)
    logs = rounds.flat_map do |round|
      round.values.flat_map { |runtime| runtime["rates"].values.filter_map { |rates| Math.log(rates[0] / rates[1]) if rates.size > 1 } }
    end
    return if logs.size < 2

    deviation = Math.sqrt(logs.sum { |x| x**2 } / logs.size) # about 0: the turns rotate, so no side is favoured
    Math.exp(1.96 * deviation) - 1
  end
end
