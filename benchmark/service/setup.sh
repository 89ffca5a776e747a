#!/usr/bin/env bash
# What bin/service-benchmark needs beyond bin/setup; does nothing twice, but rebuilds the gem folder.
#   - Debian packages (Puma, rack, ruby-jwt, Bundler, wrk, dpkg-dev): bin/setup's one list installs them
#   - Puma's Java HTTP parser, which Debian's puma package lacks (it is built for MRI): compiled
#     from Debian's source package of puma. apt-get source checks every file it fetches against the
#     archive's Sources index, whose signature apt checks with Debian's archive keyring.
#   - JRuby's gem folder (its path is the argument): Puma for the java platform, nio4r, and the gem
#     built from this working tree, as `bundle install` would leave them
#   benchmark/service/setup.sh ~/.cache/fast-rsa-engine/service/gems
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../bin/lib/toolchain.sh"

GEM_FOLDER="$1"
DEB_SRC_LIST=/etc/apt/sources.list.d/fast-rsa-engine-deb-src.sources

# apt-get source needs deb-src entries: adds them for the Debian archives already configured
# (/etc/apt/sources.list.d/debian.sources, Debian 12's layout), same mirrors, same keyring.
enable_debian_sources() {
  [[ -n "$(apt-cache showsrc puma 2>/dev/null)" ]] && return
  local sources=/etc/apt/sources.list.d/debian.sources
  [[ -f "$sources" ]] || die "no deb-src entry for puma and no $sources to derive one from: add a deb-src line for your Debian mirror"
  say "adding deb-src entries for Debian's archives ($DEB_SRC_LIST)"
  sed 's/^Types: deb$/Types: deb-src/' "$sources" | as_root tee "$DEB_SRC_LIST" >/dev/null
  as_root apt-get update -qq
}

# Unpacks Debian's source of the installed Puma into the current folder: the installed revision,
# else another revision of the same upstream version the mirror still serves.
fetch_puma_source() {
  local installed upstream version
  installed="$(dpkg-query -W -f='${Version}' puma)"
  upstream="${installed%%-*}"
  for version in "$installed" $(apt-cache showsrc puma | sed -n "s/^Version: \($upstream-.*\)/\1/p" | sort -rV); do
    if apt-get source -qq "puma=$version" >/dev/null 2>&1; then
      say "Puma's Java parser: from Debian's source package puma $version"
      return
    fi
  done
  die "no Debian source package of puma $upstream could be fetched (apt-get source puma=$installed)"
}

# Compiles Puma's Java HTTP parser with the JDK and against the JRuby of the 10.1 line.
build_puma_parser() {
  local jar="$1" jdk work
  [[ -f "$jar" ]] && return
  jdk="$(jdk_for_line 10.1)"
  work="$(mktemp -d)"
  (
    trap 'rm -rf "$work"' EXIT
    cd "$work"
    fetch_puma_source
    local ext; ext="$(echo puma-*/ext/puma_http11)"
    "$jdk/bin/javac" --release 21 -nowarn -d classes -cp "$(jruby_home 10.1)/lib/jruby.jar" \
      "$ext/PumaHttp11Service.java" "$ext"/org/jruby/puma/*.java
    mkdir -p "$(dirname "$jar")"
    "$jdk/bin/jar" cf "$jar.part" -C classes .
    mv "$jar.part" "$jar"
  )
}

# The gem folder JRuby's Bundler resolves from (with Debian's pure-Ruby gems and JRuby's own).
build_gem_folder() {
  local parser_jar="$1" gems
  say "building the gem (JRuby 9.4) and JRuby's gem folder $GEM_FOLDER"
  (cd "$PROJECT_ROOT" && FAST_RSA_ENGINE_JRUBY=9.4 bin/jruby -S rake --quiet gem) >&2
  gems="$(mktemp -d)"
  (
    trap 'rm -rf "$gems"' EXIT
    ruby "$PROJECT_ROOT/benchmark/service/jruby_gems.rb" "$gems" "$parser_jar" >/dev/null
    rm -rf "$GEM_FOLDER"
    GEM_HOME="$GEM_FOLDER" "$PROJECT_ROOT/bin/jruby" -S gem install --local --no-document --quiet \
      "$gems"/*.gem "$PROJECT_ROOT"/pkg/fast-rsa-engine-*-java.gem >/dev/null
  )
}

main() {
  [[ -n "$GEM_FOLDER" ]] || die "usage: $0 GEM_FOLDER"
  "$PROJECT_ROOT/bin/setup"
  enable_debian_sources
  local parser_jar
  parser_jar="$CACHE_DIR/service/puma-$(dpkg-query -W -f='${Version}' puma | cut -d- -f1)/puma_http11.jar"
  build_puma_parser "$parser_jar"
  build_gem_folder "$parser_jar"
}

main "$@"
