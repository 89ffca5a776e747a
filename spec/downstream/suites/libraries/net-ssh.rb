# net-ssh (net-ssh/net-ssh): minitest with mocha, the files its Rakefile's `test` task runs.
source "net-ssh/net-ssh", "v7.0.1"
framework :minitest
load_path "lib", "test"
files "test/**/test_*.rb"
exclude "test/integration/**/*", "test/win_integration/**/*", "test/manual/**/*", "test/test_pageant.rb",
        "test/test/**/*", "test/test_all.rb"
note "net-ssh: test/integration (a docker container with an OpenSSH server) and test/win_integration " \
     "(Windows) are not run, as in its Rakefile without NET_SSH_RUN_INTEGRATION_TESTS; test/test " \
     "(its Rakefile's separate test_test task, which rewires IO) and test/manual are not run either"
