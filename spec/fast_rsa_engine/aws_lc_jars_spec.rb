# frozen_string_literal: true

# The java gem carries ACCP's four native builds (Linux and macOS, x86-64 and ARM64), and each jar
# holds its native library where ACCP's Loader looks for it (System.mapLibraryName beside its
# classes: .so on Linux, .dylib on macOS), built for that system and CPU. macOS cannot run here,
# so its jars are checked by their contents; the loader's choice of jar is aws_lc_builds_spec's part.
RSpec.describe "ACCP's native builds in the java gem", jruby: true, one_line: true do
  root = File.expand_path("../..", __dir__)
  library = "com/amazon/corretto/crypto/provider/libamazonCorrettoCryptoProvider"
  expected = {
    "linux-x86_64" => ["#{library}.so", "ELF 64-bit LSB shared object, x86-64"],
    "linux-aarch_64" => ["#{library}.so", "ELF 64-bit LSB shared object, ARM aarch64"],
    "osx-x86_64" => ["#{library}.dylib", "Mach-O 64-bit dynamically linked shared library x86_64"],
    "osx-aarch_64" => ["#{library}.dylib", "Mach-O 64-bit dynamically linked shared library arm64"]
  }

  # The ACCP jars of the java gem's file list, as the Rakefile builds it (java_gem_spec: every
  # `runtime` row of downloads.lock). The Rakefile is loaded in a process of its own (MRI's, as
  # `rake gem` may run), so that its tasks and constants stay out of this one.
  shipped = lambda do
    script = 'Dir.chdir(JSON.parse($stdin.read)); require "rake"; load "Rakefile"; print JSON.generate(java_gem_spec.files)'
    MRI.run(script, root).grep(%r{/AmazonCorrettoCryptoProvider-[^/]*\.jar\z})
  end

  # The native libraries in a jar, by entry name, each with the first bytes of its header.
  def native_libraries(jar)
    zip = java.util.zip.ZipFile.new(jar)
    entries = zip.entries.to_a.select { |entry| entry.name.match?(/\.(so|dylib|jnilib|dll)\z/) }
    entries.to_h { |entry| [entry.name, zip.getInputStream(entry).to_io.read(64)] }
  ensure
    zip&.close
  end

  before(:context) { @shipped = shipped.call }

  it "ships one jar per build, and each is a build the loader chooses for some platform" do
    classifiers = @shipped.map { |jar| jar[/-([a-z]+-[a-z0-9_]+)\.jar\z/, 1] }
    expect(classifiers).to match_array(expected.keys)
    loader_choices = [%w[Linux amd64], %w[Linux aarch64], ["Mac OS X", "x86_64"], ["Mac OS X", "aarch64"]]
      .map { |os_name, os_arch| Java::FastrsaengineEngines::AwsLcBuilds.classifier(os_name, os_arch) }
    expect(loader_choices).to match_array(classifiers)
  end

  expected.each do |classifier, (entry, header)|
    it "#{classifier}: its jar holds #{File.basename(entry)} only, #{header}" do
      jar = @shipped.find { |path| path.end_with?("-#{classifier}.jar") }
      expect(jar).not_to be_nil, "the java gem carries no ACCP jar for #{classifier}"
      path = File.join(root, jar)
      expect(File).to exist(path), "#{jar} is missing: bin/jruby -S rake jars"
      libraries = native_libraries(path)
      expect(libraries.keys).to eq([entry])
      expect(NativeLibraryHeader.describe(libraries.fetch(entry))).to eq(header)
    end
  end
end
