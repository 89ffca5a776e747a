#!/usr/bin/env bash
# Installs pkg/fast-rsa-engine-*-java.gem into an empty GEM_HOME with no network (a network
# namespace of its own where unshare allows, else the --local flag alone), then requires it from
# outside the source tree and checks that the extension loaded from the installed gem and works.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"

gem_file="$(ls "$PROJECT_ROOT"/pkg/fast-rsa-engine-*-java.gem)"
gem_home="$(mktemp -d)"
trap 'rm -rf "$gem_home"' EXIT

offline=()
if unshare --net true 2>/dev/null; then offline=(unshare --net); fi

cd "$gem_home"
"${offline[@]}" env GEM_HOME="$gem_home" GEM_PATH="$gem_home" "$PROJECT_ROOT/bin/jruby" \
  -S gem install --local --no-document "$gem_file"
"${offline[@]}" env GEM_HOME="$gem_home" GEM_PATH="$gem_home" "$PROJECT_ROOT/bin/jruby" \
  "$PROJECT_ROOT/spec/installed_gem_check.rb"
