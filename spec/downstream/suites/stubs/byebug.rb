# frozen_string_literal: true

# Stand-in for byebug (a debugger for MRI only, no JRuby build): loading it is all the helpers do.
