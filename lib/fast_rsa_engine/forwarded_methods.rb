# frozen_string_literal: true

module FastRsaEngine
  # How a patch module (RsaPatch, EcPatch) gets its methods: one per method of its Java side
  # (RsaMethods, EcMethods) that the patched class has, or that the patch adds, each one line,
  # `def sign(a0, a1) = RsaMethods.sign(self, [a0, a1]) { super }`, where the block is stock
  # jruby-openssl found by Ruby's own method lookup. Each takes the class's own parameters, so
  # `respond_to?`, `arity` and method lists read as before.
  module ForwardedMethods
    def self.define(patch, target, java_side, added: [])
      names = java_side.singleton_methods(false).select { |name| added.include?(name) || target.method_defined?(name) }
      names.sort.each do |name|
        parameters = parameter_list(target, name)
        arguments = parameters == "*args" ? "args" : "[#{parameters}]"
        patch.module_eval("def #{name}(#{parameters}) = #{java_side.name}.#{name}(self, #{arguments}) { super }", __FILE__, __LINE__)
      end
    end

    # "a0, a1" for stock's required parameters, "*args" where it takes a variable count (or lacks the method).
    def self.parameter_list(target, name)
      parameters = target.method_defined?(name) ? target.instance_method(name).parameters : [[:rest]]
      return "*args" unless parameters.all? { |kind, _| kind == :req }

      parameters.each_index.map { |index| "a#{index}" }.join(", ")
    end
  end
end
