#!/bin/sh
# Usage: install-deps.sh [<package>...]
#
# Make sure the Debian packages needed to build, test and document the
# patched Git are installed, and the packages named, if any.  As root,
# missing ones are installed (with one "apt-get update" first), and
# nothing already installed is upgraded; the output goes to
# build/logs/deps.log.  Otherwise the command to run is printed and we
# fail.

set -e
top=$(cd "$(dirname "$0")/.." && pwd)

packages="
	gcc make libc6-dev
	zlib1g-dev libcurl4-gnutls-dev libexpat1-dev libssl-dev gettext
	git curl ca-certificates xz-utils perl python3
	asciidoc-base xmlto docbook-xsl docbook-xml
	strace
	$*
"

missing=
for p in $packages
do
	case "$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null)" in
	ii*) ;;
	*) missing="$missing $p" ;;
	esac
done
test -z "$missing" && exit 0

if test "$(id -u)" = 0
then
	set -- $missing
	test $# = 1 && what="1 Debian package" || what="$# Debian packages"
	. "$top/scripts/log.sh"
	log_to "$top/build/logs/deps.log" "Installing $what"
	echo "Missing:$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -q
	apt-get install -q -y --no-upgrade --no-install-recommends $missing
else
	echo >&2 "error: missing Debian packages:$missing"
	echo >&2 "Install them with:"
	echo >&2 "  sudo apt-get update && sudo apt-get install --no-upgrade --no-install-recommends$missing"
	exit 1
fi
