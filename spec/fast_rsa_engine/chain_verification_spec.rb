# frozen_string_literal: true

# X509::StoreContext#verify and X509::Store#verify of chains MRI builds (spec/support/chain_cases.rb:
# a leaf under an intermediate under a root, RSA-2048 and P-256, valid and with each mutation a
# chain check must notice: expired or not yet valid at each depth, a missing or wrong issuer, a
# self-signed leaf, a path length exceeded, an intermediate with CA:FALSE, without keyCertSign or
# basic constraints, unknown critical extensions and name constraints, another authority key id, a
# purpose and trust of each kind, Store#time=, flags, a tampered signature at each depth, verify callbacks answering true
# and false): with the gem, on every backend, every answer a caller reads (the result, error,
# error_string, error_depth, current_cert, chain, the callback's calls in order) is stock's, and
# the gem's own check (fastrsaengine/chains) answers the plain valid chains through the engine.
RSpec.describe "Certificate chains: stock's answers, checked through the engine", jruby: true do
  # Where stock says true and MRI (OpenSSL 3.0) false; a case added here must be named.
  # Stock skips a self-issued root's path length, and takes a leaf without timeStamping for a time stamp signer.
  STOCK_TRUE_MRI_FALSE = %w[rsa p256].flat_map { |kind| ["#{kind} path length exceeded", "#{kind} PURPOSE_TIMESTAMP_SIGN"] }.freeze

  # Where the gem answers MRI's false and stock true (DIFFERENCES.md, chain-explicit-curve): every field MRI's.
  AS_MRI_NOT_STOCK = ["explicit curve root", "explicit curve intermediate", "explicit curve leaf"].freeze

  # One set of chains and its answers for every example (MRI makes the keys; each runtime a process).
  before(:context) do
    @cases = MRI.run(ChainCases::CASES_SCRIPT, {})
    @answers = Hash.new do |answers, runtime| # :mri, :untouched (stock, no gem), or a backend of the gem
      answers[runtime] = case runtime
                         when :mri then MRI.run(ChainCases::ANSWER_SCRIPT, @cases)
                         when :untouched then StockJRuby.run(ChainCases::ANSWER_SCRIPT, @cases)
                         else StockJRuby.with_gem(runtime, ChainCases::ANSWER_SCRIPT, @cases)
                         end
    end
  end
  let(:cases) { @cases }
  let(:stock) { @answers[:untouched] }
  let(:mri) { @answers[:mri] }

  it "holds chains MRI answers true and false, some where stock and MRI differ (the spec can tell)" do
    results = mri.map { |_, (result)| result }
    expect(results.count(true)).to be >= 16
    expect(results.count(false)).to be >= 40
    expect(AS_MRI_NOT_STOCK.map { |name| stock.assoc(name)[1][0] }).to all(be(true)) # stock takes them
    expect(mri.zip(stock).count { |m, s| m[1][0] != s[1][0] }).to be >= 4
  end

  (Backends.native + [:stock]).each do |backend|
    it "answers every case as stock, every field, with the gem (#{backend})" do
      ours = @answers[backend]
      ours.zip(stock, mri).each do |(name, context, store), (_, stock_context, stock_store), (_, mri_context, mri_store)|
        if AS_MRI_NOT_STOCK.include?(name)
          expect(context).to eq(mri_context), "#{name}: ours #{context.first(4)}, MRI's #{mri_context.first(4)}"
          expect(store).to eq(mri_store), "#{name}, Store#verify: ours #{store.first(3)}, MRI's #{mri_store.first(3)}"
          next
        end
        expect(context).to eq(stock_context), "#{name}, StoreContext#verify: ours #{context.first(4)}, stock's #{stock_context.first(4)}"
        expect(store).to eq(stock_store), "#{name}, Store#verify: ours #{store.first(3)}, stock's #{stock_store.first(3)}"
      end
    end
  end

  # OCSP::BasicResponse#verify of the leaf's own answer, each flag (ChainCases::ANSWER_SCRIPT's
  # OCSP_FLAGS): stock's answer where the signature alone answers (OCSP::TRUSTOTHER, OCSP::NOVERIFY),
  # else stock's true standing only where the signer's chain verifies (DIFFERENCES.md,
  # verify-strict-structures): the gem's own check of that chain answers as stock's would.
  (Backends.native + [:stock]).each do |backend|
    it "answers OCSP::BasicResponse#verify of every case as stock with the signer's chain checked (#{backend})" do
      alone = [false, false, false, true, false, true, false]
      ours = @answers[backend]
      ours.zip(stock).each do |(name, _, _, answers), (_, _, _, stock_answers, stock_signer_chain)|
        signer_chain = stock_signer_chain && !AS_MRI_NOT_STOCK.include?(name) # the gem's check of the chain, MRI's there
        expected = stock_answers.each_with_index.map { |answer, i| alone[i] || answer != true ? answer : signer_chain }
        expect(answers).to eq(expected), "#{name}: ours #{answers}, stock's with the signer's chain #{expected}"
      end
    end
  end

  # PKCS7#verify of data the leaf signed, the untrusted certificates inside (ChainCases::ANSWER_SCRIPT's
  # PKCS7_CALLS, each beside itself with PKCS7::NOSIGS): the answer, data, error_string and the
  # callback's calls stock's; for a P-256 leaf, whose ECDSA signature stock refuses (DIFFERENCES.md,
  # verifies-where-stock-false), stock's with PKCS7::NOSIGS, the chain's answer alone. The gem's own
  # check of the signer's chain answers the plain ones (Pkcs7Verification#restHolds). With
  # PKCS7::TEXT, the data of a true is the text OpenSSL reads (pkcs7_text_spec), where stock's is none.
  (Backends.native + [:stock]).each do |backend|
    it "answers PKCS7#verify of every case as stock with the signer's chain checked (#{backend})" do
      text = ChainCases::PKCS7_CALLS.index { |_, flag| flag == "TEXT" }
      read_as_text = ->(answer) { answer[0] == true ? [true, ChainCases::PKCS7_TEXT, *answer[2..]] : answer }
      @answers[backend].zip(stock).each do |(name, *, signed), (_, *, stock_signed)|
        signed.each_slice(2).zip(stock_signed.each_slice(2)).each_with_index do |((ours, ours_alone), (whole, alone)), call|
          whole, alone = [whole, alone].map(&read_as_text) if call == text
          expected = name.start_with?("rsa") ? whole : alone
          expect(ours).to eq(expected), "#{name}, PKCS7_CALLS[#{call}]: ours #{ours.first(3)}, stock's #{expected.first(3)}"
          expect(ours_alone).to eq(alone), "#{name}, PKCS7_CALLS[#{call}] with NOSIGS: ours #{ours_alone.first(3)}, stock's #{alone.first(3)}"
        end
      end
    end
  end

  it "says true to PKCS7#verify where MRI says false only where stock's chain does" do
    ours = @answers[Backends.native.first || :stock]
    lenient = ours.zip(mri).flat_map do |(name, *, signed), (_, *, mri_signed)|
      signed.zip(mri_signed).select { |answer, mri_answer| answer[0] == true && mri_answer[0] != true }.map { name }
    end
    expect(lenient.uniq - STOCK_TRUE_MRI_FALSE - AS_MRI_NOT_STOCK).to eq([])
    expect(ours.sum { |*, signed| signed.count { |answer, *| answer == true } }).to be >= 100 # the spec can tell
  end

  it "says true where MRI says false only in the cases stock does and are named here" do
    ours = @answers[Backends.native.first || :stock]
    lenient = ours.zip(mri).select { |(_, context), (_, mri_context)| context[0] == true && mri_context[0] != true }.map { |(name), _| name }
    expect(lenient).to match_array(STOCK_TRUE_MRI_FALSE)
  end

  it "checks a plain chain through the engine, and leaves the rest to stock", if: Backends.native.any? do
    valid = cases.find { |c| c["name"] == "rsa valid" }
    read = ->(hex) { OpenSSL::X509::Certificate.new([hex].pack("H*")) }
    store = OpenSSL::X509::Store.new.tap { |s| valid["trusted"].each { |t| s.add_cert(read.(t)) } }
    counts = -> { FastRsaEngine.stats.dig(:calls, :store_context_verify) || { engine: 0, option_not_taken: 0 } }
    before = counts.call
    expect(Backends.engine_ran? { expect(store.verify(read.(valid["leaf"]), valid["untrusted"].map(&read))).to be(true) }).to be(true)
    store.flags = OpenSSL::X509::V_FLAG_CRL_CHECK_ALL | OpenSSL::X509::V_FLAG_CRL_CHECK
    expect(store.verify(read.(valid["leaf"]), valid["untrusted"].map(&read))).to be(false)
    expect(counts.call[:engine]).to eq(before[:engine] + 1)
    expect(counts.call[:option_not_taken]).to eq(before[:option_not_taken] + 1)
  end
end
