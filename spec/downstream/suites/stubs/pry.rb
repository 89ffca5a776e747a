# frozen_string_literal: true

# Stand-in for pry (a debugger the helpers load but no example calls): loading it is all they do.
