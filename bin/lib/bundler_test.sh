#!/usr/bin/env bash
# One Gemfile line, `gem 'fast-rsa-engine'` with no platforms:, and one Gemfile.lock for MRI and
# JRuby: both built gems go into a local gem source (a folder indexed by `gem generate_index`),
# MRI's Bundler locks for both platforms, then MRI and JRuby 10.1 each install from that lock, with
# no network, and check what they got (spec/installed_gem_check.rb).
set -euo pipefail
export BUNDLE_SILENCE_ROOT_WARNING=1
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/source/gems" "$work/app"
cp "$PROJECT_ROOT"/pkg/fast-rsa-engine-*.gem "$work/source/gems/"
gem generate_index --quiet --directory "$work/source" >/dev/null

offline=()
if unshare --net true 2>/dev/null; then offline=(unshare --net); fi

cd "$work/app"
printf 'source "file://%s"\n\ngem "fast-rsa-engine"\n' "$work/source" >Gemfile
bundle lock --add-platform java >/dev/null
grep -q "fast-rsa-engine (.*-java)" Gemfile.lock || die "the lock holds no java gem: $(cat Gemfile.lock)"
# Debian's Bundler (MRI) and JRuby's differ; the lock need not name either.
sed -i '/^BUNDLED WITH/,$d' Gemfile.lock
lock="$(cat Gemfile.lock)"

install_and_check() {
  local name="$1"; shift
  "${offline[@]}" env BUNDLE_GEMFILE="$work/app/Gemfile" BUNDLE_PATH="$work/$name" BUNDLE_FROZEN=true "$@" -S bundle install >/dev/null
  "${offline[@]}" env BUNDLE_GEMFILE="$work/app/Gemfile" BUNDLE_PATH="$work/$name" GEM_HOME="$work/$name" "$@" -rbundler/setup \
    "$PROJECT_ROOT/spec/installed_gem_check.rb"
}
install_and_check mri ruby
install_and_check jruby "$PROJECT_ROOT/bin/jruby"
[[ "$(cat Gemfile.lock)" == "$lock" ]] || die "a Bundler changed the lock"
echo "one Gemfile.lock for MRI and JRuby: 1 passed, 0 failed"
