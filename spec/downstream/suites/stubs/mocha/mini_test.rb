# frozen_string_literal: true

# mocha/mini_test is mocha/minitest's old name, gone from Debian's mocha 1.16: the same file.
require "mocha/minitest"
