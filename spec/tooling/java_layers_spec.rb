# frozen_string_literal: true

# The Java extension's packages are layers, and a package uses only the layers below it: an
# algorithm's methods and the structure methods sit on the call they share (the structures'
# verification above them and the chain rules, on how the structures are held), the call on the provider, paddings
# and engines. A use upward (the call reaching into RSA's methods) would tie what every algorithm
# shares to one of them; two packages of one layer stay apart, so an EC package beside rsa needs
# nothing of it. The engines are layers of their own, by concern: on top
# the backends (one class a library binding, RSA's and EC's of one library side by side, as
# AwsLcEngine builds AwsLcEcEngine from its own provider) and the choice among them, since a backend
# implements the seams and is loaded, self-tested and kept there; below it RSA's seam, checks and
# blinding, which hand out the same library's EC engine (RsaEngine.ec()), so EC's seam, curves and
# checks sit under RSA's and need nothing of it; at the bottom what both use (per-key caches, spare
# JCA objects, the fault). doc/how-it-works.md's tree names each package's folder.
RSpec.describe "The Java extension's packages", one_line: true do
  root = File.expand_path("../..", __dir__)
  source = File.join(root, "ext/java")

  # Top to bottom; the packages of one row may not use each other.
  layers = [
    %w[fastrsaengine],                                  # the service: defines the Ruby modules
    %w[fastrsaengine.verification],                     # the structures' and chains' checks, on how the structures are held
    %w[fastrsaengine.chains],                           # which chains the gem checks itself, OpenSSL's way
    %w[fastrsaengine.rsa fastrsaengine.ec fastrsaengine.structures fastrsaengine.reading], # RSA's and EC's methods; certificate, CSR, CRL, OCSP, PKCS#7; reading them
    %w[fastrsaengine.call],                             # the call, stock, stats, errors, backend control
    %w[fastrsaengine.provider],                         # the JCA providers: opt-in, and TLS's
    %w[fastrsaengine.padding],                          # RSA's encodings
    %w[fastrsaengine.engines],                          # the backends and the choice among them (Backends)
    %w[fastrsaengine.engines.rsa],                      # RSA's seam (RsaEngine), key and result checks, blinding, self-test
    %w[fastrsaengine.engines.ec],                       # EC's seam (EcEngine), curves, key checks, signatures, self-test
    %w[fastrsaengine.engines.shared]                    # what RSA's and EC's both use: caches, spares, the fault
  ]
  rank = layers.each_with_index.flat_map { |packages, index| packages.map { |package| [package, index] } }.to_h

  # What a file's code names: comments and strings left out.
  code = ->(text) { text.gsub(%r{/\*.*?\*/}m, "").gsub(%r{//[^\n]*}, "").gsub(/"(?:\\.|[^"\\])*"/, '""') }
  files = Dir[File.join(source, "**/*.java")].to_h do |file|
    text = File.read(file)
    [file.delete_prefix("#{source}/"), { package: text[/^package ([\w.]+);/, 1], code: code.call(text) }]
  end

  it "each file is in the package of its folder, and each package has its layer" do
    files.each do |file, java|
      expect(java[:package]).to eq(File.dirname(file).tr("/", ".")), file
      expect(rank).to include(java[:package]), "#{java[:package]} (#{file}) has no layer here"
    end
  end

  it "each package uses only the layers below it" do
    upward = files.flat_map do |file, java|
      used = java[:code].scan(/\b(fastrsaengine(?:\.[a-z]\w*)*)\.[A-Z]/).flatten.uniq - [java[:package]]
      used.reject { |package| rank.fetch(package) > rank.fetch(java[:package]) }.map { |package| "#{file} uses #{package}" }
    end
    expect(upward).to be_empty
  end

  it "no package's folder holds more than 15 files, so a newcomer reads one concern a folder (issue 36)" do
    crowded = files.keys.group_by { |file| File.dirname(file) }.select { |_, in_folder| in_folder.size > 15 }
    expect(crowded.transform_values(&:size)).to be_empty
  end

  it "doc/how-it-works.md's tree shows each package's folder" do
    tree = File.read(File.join(root, "doc/how-it-works.md"))[/^# How it works\n.*?^```\n(.*?)```/m, 1]
    expect(tree).to include("ext/java/fastrsaengine/")
    folders = files.values.map { |java| java[:package] }.uniq - ["fastrsaengine"]
    folders.each do |package|
      folder = package.delete_prefix("fastrsaengine.").tr(".", "/")
      expect(tree).to match(%r{^  #{Regexp.escape(folder)}/ }), "#{package} (#{folder}/) not in doc/how-it-works.md's tree"
    end
  end
end
