# frozen_string_literal: true

require_relative "engine"
require_relative "keys"
require_relative "runtime_info"

# What benchmark.rb and ips.rb time: the engine loaded, the key read or made, its operations
# checked for right answers, and a header saying what runs.
module Subject
  module_function

  def operations(options)
    load_engine(options[:engine])
    key = Keys.load(options[:key], options[:bits])
    operations = Engine.operations(options[:engine], key)
    operations.check!
    print_header(options[:engine], key)
    operations
  end

  def load_engine(name)
    Engine.load(name)
  rescue Engine::Unavailable => e
    abort "#{$PROGRAM_NAME}: #{e.message}"
  end

  def print_header(engine, key)
    puts "#{RuntimeInfo.label(engine)}, RSA-#{key.n.num_bits}"
    RuntimeInfo.details.each { |name, value| puts "  #{name}: #{value}" }
  end
end
