# frozen_string_literal: true

# The differential fuzzer of fast-rsa-engine: bin/fuzz runs it long, with a seed and a count;
# spec/fast_rsa_engine/fuzz_spec.rb runs a short fixed seed in the suite. Reading order:
#
#   patched_methods.rb        the methods fuzzed, one line each (add a method here)
#   structure_calls.rb        the structure methods (certificate, CSR, PKCS#7), as the fuzzer calls them
#   case.rb, value.rb         a case: method, key name, arguments as JSON data, so that it prints
#                             as one line, replays (bin/fuzz --replay), and runs under MRI too
#   case_generator.rb         draws cases from a seed: well-formed, odd and mutated arguments,
#                             OpenSSL's other names (openssl_names.rb), frozen receivers, and the
#                             concurrency mode (disturbance.rb: another thread during the call)
#   envelopes.rb              PKCS#7 envelopes written byte by byte (forged_envelopes reach): key blocks of
#                             k and k - 1 bytes, padded or not, every content cipher, one and two recipients
#   jca_calls.rb              the JCA provider against the JDK's own (jca_provider reach): calls on one
#                             Signature or Cipher, driven on after errors
#   key_corpus.rb             sound keys, and crafted ones whose numbers do not agree
#   ec_key_corpus.rb          EC keys: each curve, the engine's and others; no private part, a point
#                             not the scalar's, no point, explicit parameters (DER built by der.rb)
#   ec_vocabulary.rb          EC's arguments: every digest name, signatures in ec_signature_forms.rb,
#                             points and peers of every curve; made with ec_curves.rb and ecdsa.rb,
#                             EC written plainly in Ruby, which also checks what the engine returned
#                             (ec_output_check.rb: signatures verify, secrets are MRI's)
#   runner.rb                 runs each case with every native backend and with stock, each call
#                             on a worker thread (bounded_worker.rb) until it returns or is stuck
#                             (call_bound.rb: CPU time, not wall time), MRI's answers beside
#                             (reference.rb runs reference_answers.rb under MRI, and under JRuby without the gem), and judges:
#                             no hang, no Java exception, every signature opens (output_check.rb,
#                             with the plain arithmetic of pkcs1.rb), and stock's answer or a
#                             difference that documented_differences.rb allows (result.rb compares);
#                             a finding counts only if its case, run again, finds it again;
#                             cases a reach drew to answer as MRI are judged by MRI alone (mri_exact.rb),
#                             forged envelopes also across cases (forgery_messages.rb: no more distinct
#                             errors than MRI's), and cases drawn to run in a process that chose its
#                             backend at require (at_require_answers.rb) against the run-time switch
#   findings.rb               the findings grouped by mechanism, one reproducer each
require "json"
require "openssl"

support = File.expand_path("../support", __dir__)
%w[outcome reference_fixtures backends structure_readers jca_script].each { |file| require File.join(support, file) }
%w[value pkcs1 der ec_curves ecdsa openssl_names key_corpus ec_key_corpus key_loading structure_calls mime_texts envelopes jca_calls patched_methods case
   disturbance ec_signature_forms ec_output_check ec_vocabulary case_generator output_check result mri_exact documented_differences reference
   findings forgery_messages call_bound bounded_worker runner].each { |file| require_relative file }
