#!/usr/bin/env bash
# Installs the gem built for this Ruby into an empty GEM_HOME with no network (a network namespace
# of its own where unshare allows, else the --local flag alone), then requires it from outside the
# source tree and checks it, and its executable fast-rsa-engine-benchmark run by -S from there
# (spec/installed_gem_check.rb). With "mri", the plain gem under MRI; otherwise the java gem under
# the project's JRuby (FAST_RSA_ENGINE_JRUBY picks the line).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"

if [[ "${1:-}" == mri ]]; then
  ruby=(ruby) gem_file="$(ls "$PROJECT_ROOT"/pkg/fast-rsa-engine-*[0-9].gem)"
else
  ruby=("$PROJECT_ROOT/bin/jruby") gem_file="$(ls "$PROJECT_ROOT"/pkg/fast-rsa-engine-*-java.gem)"
fi
gem_home="$(mktemp -d)"
trap 'rm -rf "$gem_home"' EXIT

offline=()
if unshare --net true 2>/dev/null; then offline=(unshare --net); fi

cd "$gem_home"
"${offline[@]}" env GEM_HOME="$gem_home" GEM_PATH="$gem_home" "${ruby[@]}" -S gem install --local --no-document "$gem_file" >/dev/null
"${offline[@]}" env GEM_HOME="$gem_home" GEM_PATH="$gem_home" "${ruby[@]}" "$PROJECT_ROOT/spec/installed_gem_check.rb" --executable
