# Shared by bin/setup, bin/jruby, bin/test, bin/benchmark and examples/session_service/bin/*: where
# things live, which JDK runs which JRuby, and the extension's build. Sourced, never run.

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CACHE_DIR="${FAST_RSA_ENGINE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fast-rsa-engine}"
MAVEN_REPOSITORY="${MAVEN_REPOSITORY:-https://repo.maven.apache.org/maven2}"

# Debian puts pure-Ruby gems here; JRuby reads them through GEM_PATH.
DEBIAN_GEM_PATH=/usr/share/rubygems-integration/all
# ...and benchmark-ips and net-http-persistent in vendor_ruby, which JRuby must not load whole
# (it also holds Debian's rubygems hooks for MRI), so setup links just that library.
VENDOR_RUBYLIB="$CACHE_DIR/rubylib"
# JRuby's gems for the session service (examples/session_service/bin/setup builds them; bin/serve reads them).
SERVICE_GEMS="$CACHE_DIR/service/gems"

say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

as_root() {
  if [[ "$(id -u)" == 0 ]]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else die "need root to run: $*"
  fi
}

# The JRuby line in use: 10.1 by default, 9.4 with FAST_RSA_ENGINE_JRUBY=9.4.
jruby_line() { echo "${FAST_RSA_ENGINE_JRUBY:-10.1}"; }

# Rows of downloads.lock: "role coordinate sha256", comments and blanks dropped.
lock_rows() { grep -Ev '^[[:space:]]*(#|$)' "$PROJECT_ROOT/downloads.lock"; }

# group:artifact:version[:classifier][@ext] -> the file name Maven Central uses.
coordinate_file() {
  local coord="${1%@*}" ext=jar
  [[ "$1" == *@* ]] && ext="${1##*@}"
  IFS=: read -r _group artifact version classifier <<<"$coord"
  echo "${artifact}-${version}${classifier:+-$classifier}.${ext}"
}

coordinate_url() {
  local coord="${1%@*}"
  IFS=: read -r group artifact version _classifier <<<"$coord"
  echo "$MAVEN_REPOSITORY/${group//.//}/$artifact/$version/$(coordinate_file "$1")"
}

coordinate_version() { local c="${1%@*}"; IFS=: read -r _g _a version _c <<<"$c"; echo "$version"; }

# The full JRuby version pinned for a line, e.g. 10.1 -> 10.1.1.0.
jruby_version() {
  local line="$1" role coord _sum
  while read -r role coord _sum; do
    [[ "$role" == jruby ]] || continue
    local version; version="$(coordinate_version "$coord")"
    [[ "$version" == "$line".* ]] && { echo "$version"; return; }
  done < <(lock_rows)
  die "downloads.lock pins no JRuby $line (FAST_RSA_ENGINE_JRUBY=$line)"
}

jruby_home() { echo "$CACHE_DIR/jruby-$(jruby_version "$1")"; }

# The Java feature release of a JDK home (8, 17, 21, 25...), or nothing.
java_feature() {
  local release="$1/release" v
  [[ -x "$1/bin/java" && -f "$release" ]] || return 0
  v="$(sed -n 's/^JAVA_VERSION="\([^"]*\)".*/\1/p' "$release")"
  v="${v#1.}"; echo "${v%%[.+-]*}"
}

# A JDK home with at least the given feature release: $JAVA_HOME first, then the
# default java, then every JDK under /usr/lib/jvm, newest first.
find_jdk() {
  local min="$1" candidates=() home
  [[ -n "${JAVA_HOME:-}" ]] && candidates+=("$JAVA_HOME")
  if command -v java >/dev/null; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")")
  fi
  for home in $(ls -d /usr/lib/jvm/*/ 2>/dev/null | sort -rV); do candidates+=("${home%/}"); done
  for home in "${candidates[@]}"; do
    local feature; feature="$(java_feature "$home")"
    [[ -n "$feature" && "$feature" -ge "$min" ]] && { echo "$home"; return 0; }
  done
  return 1
}

# JRuby 10 needs Java 21+; JRuby 9.4 runs on Java 8+ (17 is the machine's default).
jdk_for_line() {
  case "$1" in
    10.*) find_jdk 21 || die "JRuby $1 needs a Java 21+ JDK and none was found (looked at \$JAVA_HOME, the default java and /usr/lib/jvm/*). Install one, e.g. 'apt-get install openjdk-21-jdk-headless' where offered, or point JAVA_HOME at it." ;;
    *)    find_jdk 8 || die "JRuby $1 needs a Java 8+ JDK and none was found." ;;
  esac
}

# JVM options for the JDK in use. No hsperfdata file in /tmp: a JVM whose file's name (its pid)
# another process holds prints a warning on stdout, into what a spec or benchmark reads. Java 22+
# warns when JNA or ACCP load native code unless native access is granted; older JDKs do not know
# that option.
jvm_options_for() {
  local feature options="-XX:-UsePerfData"; feature="$(java_feature "$1")"
  if [[ -n "$feature" && "$feature" -ge 22 ]]; then options+=" --enable-native-access=ALL-UNNAMED"; fi
  echo "$options"
}

# Builds the extension and copies its jars into lib/ when either is missing or a source file is
# newer than the jar (bin/benchmark, bin/test --long).
build_extension() {
  local jar="$PROJECT_ROOT/lib/fast_rsa_engine/fast_rsa_engine.jar" jars="$PROJECT_ROOT/lib/fast_rsa_engine/jars"
  if [[ -f "$jar" && -n "$(ls -A "$jars" 2>/dev/null)" && -z "$(find "$PROJECT_ROOT/ext/java" -newer "$jar" -print -quit)" ]]; then
    return 0
  fi
  say "building the extension with JRuby 9.4"
  (cd "$PROJECT_ROOT" && FAST_RSA_ENGINE_JRUBY=9.4 bin/jruby -S rake --quiet compile jars) >&2
}
