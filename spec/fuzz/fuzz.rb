# frozen_string_literal: true

# The differential fuzzer of fast-rsa-engine (bin/fuzz, spec/fast_rsa_engine/fuzz_spec.rb).
#
#   CaseGenerator   draws cases from a seed: a patched method (PATCHED_METHODS), a key of the
#                   KeyCorpus, arguments (Value data: a case prints as one replayable JSON line)
#   Runner          runs each case with every native backend and with stock, each call within a
#                   time bound, and MRI's answers from MriReference; keeps the Findings
#   OutputCheck     opens returned signatures with Pkcs1 arithmetic, decrypts ciphertexts with stock
#   DocumentedDifferences  the only differences from stock the engine may make
require "json"
require "openssl"

support = File.expand_path("../support", __dir__)
%w[outcome reference_fixtures backends].each { |file| require File.join(support, file) }
%w[value pkcs1 key_corpus patched_methods case_generator output_check result documented_differences
   mri_reference findings bounded_worker runner].each { |file| require_relative file }
