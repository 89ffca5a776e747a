# frozen_string_literal: true

# ruby-saml: signs and verifies XML through Nokogiri, whose JRuby build (a Java extension) Debian
# does not ship (ruby-nokogiri is MRI's C extension), so it cannot load on JRuby; the report says so.
Downstream.library("ruby-saml", package: "ruby-saml", requires: %w[onelogin/ruby-saml]) {}
