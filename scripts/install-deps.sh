#!/bin/sh
# Usage: install-deps.sh [<package>...]
#
# Make sure the Debian packages needed to build, test and document the
# patched Git are installed, and the packages named, if any.  As root,
# missing ones are installed (with one "apt-get update" first);
# otherwise the command to run is printed and we fail.

set -e

packages="
	gcc make libc6-dev
	zlib1g-dev libcurl4-gnutls-dev libexpat1-dev libssl-dev gettext
	git curl ca-certificates xz-utils perl python3
	asciidoc-base xmlto docbook-xsl docbook-xml
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
	echo "Installing missing Debian packages:$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -q &&
	apt-get install -q -y --no-install-recommends $missing
else
	echo >&2 "error: missing Debian packages:$missing"
	echo >&2 "Install them with:"
	echo >&2 "  sudo apt-get update && sudo apt-get install --no-install-recommends$missing"
	exit 1
fi
