# origami (gdelugre/origami): minitest; test/test_pdf.rb loads every test file, as its Rakefile
# runs it. PDF signing with RSA keys and certificates.
source "gdelugre/origami", "2.1.0"
framework :minitest
load_path "lib", "test"
files "test/test_pdf.rb"
