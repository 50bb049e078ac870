#!/bin/sh
# Obtain git-$UPSTREAM_VERSION.tar.xz of the base (see base.sh), verified
# against the pinned sha256, and print its path.  One line on stderr says
# where it came from; what curl and apt-get print goes to
# build/<base>/logs/fetch.log.
#
# Sources, in order:
#   1. $UPSTREAM_TARBALL, if set (a tarball the user already has);
#   2. the cache, downloads/git-$UPSTREAM_VERSION.tar.xz;
#   3. Git's own release URL;
#   4. the Debian mirrors this machine's apt is configured with, through
#      "apt-get source --download-only" under a private apt configuration
#      (the system's apt configuration and state are left untouched), in
#      the suite UPSTREAM_DEBIAN_SUITE of the pin if it names one, else
#      in the suites the machine uses.
#
# A candidate whose checksum does not match is discarded, never used.

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"

name=git-$UPSTREAM_VERSION.tar.xz
cache=$top/downloads
cached=$cache/$name
log=$BASE_BUILD/logs/fetch.log
tried=

note () {
	tried="$tried
  - $*"
}

verify () {
	test -f "$1" &&
	echo "$UPSTREAM_SHA256  $1" | sha256sum --check --status -
}

# accept <file> <where it came from>: if <file> is verified, put it in
# the cache and report it.
accept () {
	if verify "$1"
	then
		if test "$1" != "$cached"
		then
			mkdir -p "$cache" &&
			cp "$1" "$cached.tmp" &&
			mv "$cached.tmp" "$cached"
		fi
		echo >&2 "Fetching $name: from $2, sha256 ok"
		echo "$cached"
		exit 0
	fi
}

if test -n "$UPSTREAM_TARBALL"
then
	accept "$UPSTREAM_TARBALL" "UPSTREAM_TARBALL=$UPSTREAM_TARBALL"
	note "UPSTREAM_TARBALL=$UPSTREAM_TARBALL: missing or wrong sha256"
	echo >&2 "warning: ignoring UPSTREAM_TARBALL=$UPSTREAM_TARBALL: missing or wrong sha256"
fi

accept "$cached" "the cache in downloads/"
test -f "$cached" && note "$cached: wrong sha256" && rm -f "$cached"

mkdir -p "$cache" "$(dirname "$log")"
: >"$log"
tmp=$(mktemp -d "$cache/fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

url=https://www.kernel.org/pub/software/scm/git/$name
if command -v curl >/dev/null
then
	if curl --fail --silent --show-error --location \
		--connect-timeout 10 --max-time 300 \
		-o "$tmp/$name" "$url" 2>>"$log"
	then
		accept "$tmp/$name" "Git's release URL"
		note "$url: wrong sha256"
	else
		note "$url: $(tail -n 1 "$log")"
	fi
else
	note "$url: curl is not installed"
fi

# Debian calls the same file git_$UPSTREAM_VERSION.orig.tar.xz.  The
# private configuration reuses the machine's sources, turned into source
# ("deb-src") entries, with its own lists and cache under $tmp.  With a
# suite to use, only the entries of a release's main archive (a suite
# without "-updates", "-security" or "/updates") are kept, in that suite.
if command -v apt-get >/dev/null
then
	apt=$tmp/apt
	suite=$UPSTREAM_DEBIAN_SUITE
	mkdir -p "$apt/sources" "$apt/lists/partial" "$apt/cache/archives/partial"
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list
	do
		test -f "$f" || continue
		awk -v suite="$suite" '
			$1 != "deb" { next }
			{ $1 = "deb-src" }
			suite != "" {
				i = ($2 ~ /^\[/) ? 3 : 2	# skip [options]
				if ($(i + 1) ~ /[-\/]/) next
				$(i + 1) = suite
			}
			{ print }' "$f" >>"$apt/sources/src.list"
	done
	for f in /etc/apt/sources.list.d/*.sources
	do
		test -f "$f" || continue
		awk -v suite="$suite" '
			function flush() {
				if (stanza != "" && keep) printf "%s\n", stanza
				stanza = ""; keep = (suite == "")
			}
			BEGIN { keep = (suite == "") }
			/^[ \t]*$/ { flush(); next }
			/^Types:/ { $0 = "Types: deb-src" }
			/^Suites:/ && suite != "" {
				for (i = 2; i <= NF; i++)
					if ($i !~ /[-\/]/) keep = 1
				$0 = "Suites: " suite
			}
			{ stanza = stanza $0 "\n" }
			END { flush() }' "$f" >"$apt/sources/$(basename "$f")"
	done
	cat >"$apt/apt.conf" <<-CONF
	Dir::Etc::SourceList "$apt/sources/src.list";
	Dir::Etc::SourceParts "$apt/sources";
	Dir::State::Lists "$apt/lists";
	Dir::Cache "$apt/cache";
	Debug::NoLocking "true";
	APT::Sandbox::User "root";
	CONF
	touch "$apt/sources/src.list"
	if APT_CONFIG=$apt/apt.conf apt-get -q update >>"$log" 2>&1
	then
		versions=$(APT_CONFIG=$apt/apt.conf apt-cache showsrc git 2>/dev/null |
			sed -n "s/^Version: \(.*:$UPSTREAM_VERSION-.*\)/\1/p")
		for v in $versions
		do
			(cd "$tmp" && APT_CONFIG=$apt/apt.conf \
				apt-get -q source --download-only "git=$v") \
				>>"$log" 2>&1 || continue
			accept "$tmp/git_$UPSTREAM_VERSION.orig.tar.xz" \
				"the Debian mirrors (source package git $v)"
		done
		if test -z "$versions"
		then
			note "Debian mirrors: no source package git $UPSTREAM_VERSION listed"
		else
			note "Debian mirrors (apt-get source git=$(echo $versions | tr ' ' ,)):" \
				"$(grep '^E:' "$log" | tail -n 1)"
		fi
	else
		note "Debian mirrors: apt-get update failed: $(tail -n 1 "$log")"
	fi
else
	note "Debian mirrors: apt-get is not available"
fi

cat >&2 <<MSG
error: could not obtain $name (sha256 $UPSTREAM_SHA256).
Tried:$tried
The full output of these attempts is in $log.
Download it by other means and run: make UPSTREAM_TARBALL=/path/to/$name
MSG
exit 1
