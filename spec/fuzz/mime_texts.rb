# frozen_string_literal: true

module Fuzz
  # Content for PKCS7#verify with PKCS7::TEXT, whose MIME headers OpenSSL reads (SMIME_text, through
  # mime_parse_hdr) before it hands the rest on as text: header lines of names in any case, colons
  # with white space about them, values quoted, half-quoted and empty, parameters, comments closed
  # and not, NUL and CR inside a line, continuation lines, lines past the 1,023 bytes a read takes,
  # two Content-Types, and the blank line that ends the headers written each way, or missing.
  module MimeTexts
    NAMES = ["Content-Type", "content-type", "CONTENT-TYPE", "Content-Typ", "X-Other", "", " Content-Type", "Content-Type "].freeze
    COLONS = [":", ": ", ":\t", " :", "::"].freeze
    VALUES = ["text/plain", "text/plain", "TEXT/Plain", "text/html", "\"text/plain\"", "text/plain\"", "\"", "\"\"", "", "  ",
              "application/pkcs7-mime", "text/plain2"].freeze
    SUFFIXES = ["", "", "; charset=utf-8", " (comment)", " (a; b)", " (unclosed", "\0junk", "\rjunk", ";", "; a=\"q;u\"", "  \t",
                "; a=(b", "(c)"].freeze
    LINE_ENDS = ["\n", "\n", "\r\n", "\r", "\r\r\n"].freeze
    CONTINUATIONS = [" boundary=x", "\tcharset=\"a;b\"", " (more)", " ", " x"].freeze
    BLANK_LINES = ["\n", "\r\n", "\0\n", " \n", "\t\n", ""].freeze
    BODIES = ["body", "", "two\nlines\n", "\xff\xfe binary \0 body".b, "Content-Type: text/html\n\nagain"].freeze
    # A read takes 1,023 bytes: a header padded to end near it, so that the next read starts mid-line.
    LONG = 1_023

    module_function

    # Content drawn with the random given: zero to three header lines, then the blank line and a body.
    def draw(random)
      pick = ->(choices) { choices[random.rand(choices.size)] }
      lines = Array.new(random.rand(4)) { header_line(random, pick) }
      (lines.join + pick.(BLANK_LINES) + pick.(BODIES)).b
    end

    def header_line(random, pick)
      line = pick.(NAMES) + pick.(COLONS) + pick.(VALUES) + pick.(SUFFIXES)
      line = line.ljust(LONG - 1 + random.rand(-1..2), " ") if random.rand < 0.1
      line += pick.(LINE_ENDS)
      line += pick.(CONTINUATIONS) + pick.(LINE_ENDS) if random.rand < 0.2
      line
    end
  end
end
