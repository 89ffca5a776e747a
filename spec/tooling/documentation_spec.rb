# frozen_string_literal: true

require "rubygems"
require "tmpdir"
require_relative "../../benchmark/lib/report"

# The README is the first page a user reads, and each doc/ page holds what it summarises. A link
# that does not resolve (a page moved, a heading renamed) loses a reader silently; a README that
# grows back past a screenful loses them too. bin/benchmark --readme writes its tables between
# markers in README.md and doc/benchmarks.md, and must find them there.
RSpec.describe "The documentation" do
  root = File.expand_path("../..", __dir__)
  pages = %w[README.md DIFFERENCES.md CHANGELOG.md] + Dir.chdir(root) { Dir["doc/*.md", "examples/**/README.md"].sort }

  # Markdown without its code blocks (a `# comment` in one is no heading), and then without its inline
  # code spans, which hold text that only looks like links.
  unfenced = ->(text) { text.gsub(/^```.*?^```/m, "") }
  prose = ->(text) { unfenced.call(text).gsub(/`[^`\n]*`/, "") }

  # GitHub's anchor for each heading: lower case, punctuation (backticks too, not the code in them)
  # dropped, spaces as hyphens, a repeat numbered.
  anchors = lambda do |text|
    seen = Hash.new(-1)
    unfenced.call(text).scan(/^#+ (.+)$/).flatten.map do |heading|
      slug = heading.downcase.gsub(/[^a-z0-9 _-]/, "").tr(" ", "-")
      seen[slug] += 1
      seen[slug].zero? ? slug : "#{slug}-#{seen[slug]}"
    end
  end

  # Each relative link of a page: [file, anchor], the file relative to the repository's root.
  links = lambda do |page|
    prose.call(File.read(File.join(root, page))).scan(/\]\(([^)\s]+)\)/).flatten.reject { |target| target.match?(%r{\A[a-z]+:}) }.map do |target|
      file, anchor = target.split("#", 2)
      [file.empty? ? page : File.join(File.dirname(page), file).delete_prefix("./"), anchor]
    end
  end

  it "every relative link resolves, to a file of the repository and a heading of it" do
    broken = pages.flat_map do |page|
      links.call(page).filter_map do |file, anchor|
        path = File.expand_path(file, root)
        next "#{page}: #{file} is missing" unless File.exist?(path)
        next if anchor.nil? || File.directory?(path)

        "#{page}: #{file} has no heading ##{anchor}" unless anchors.call(File.read(path)).include?(anchor)
      end
    end
    expect(broken).to be_empty
  end

  it "the README links every doc/ page" do
    linked = links.call("README.md").map(&:first)
    expect(Dir.chdir(root) { Dir["doc/*.md"] } - linked).to be_empty
  end

  it "the README stays at most 250 lines" do
    expect(File.read(File.join(root, "README.md")).lines.size).to be <= 250
  end

  it "the gem ships the pages the README links, but the examples (not in the gem)" do
    spec = Dir.chdir(root) { Gem::Specification.load("fast-rsa-engine.gemspec") }
    linked = links.call("README.md").map(&:first).uniq.reject { |file| file.start_with?("examples/") }
    expect(linked - spec.files).to be_empty
  end

  it "README.md and doc/benchmarks.md hold the markers bin/benchmark --readme writes between" do
    %w[README.md doc/benchmarks.md].each do |page|
      expect(File.read(File.join(root, page))).to match(/^<!-- benchmark:start -->\n.*^<!-- benchmark:end -->$/m), page
    end
  end

  it "Report.update_section replaces what is between the markers and keeps the rest" do
    Dir.mktmpdir do |dir|
      path = File.join(dir, "page.md")
      File.write(path, "# Page\n\n<!-- benchmark:start -->\nold table\n<!-- benchmark:end -->\n\nKept by hand.\n")
      expect { Report.update_section(path, "new table\n") }.to output(/wrote/).to_stderr
      expect(File.read(path)).to eq("# Page\n\n<!-- benchmark:start -->\nnew table\n<!-- benchmark:end -->\n\nKept by hand.\n")
      File.write(path, "no markers\n")
      expect { Report.update_section(path, "x") }.to raise_error(RuntimeError, /has no <!-- benchmark:start -->/)
    end
  end
end
