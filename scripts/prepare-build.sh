#!/bin/sh
# Usage: prepare-build.sh <dir>
#
# Make <dir> a tree of upstream plus the series of the base (see
# make-tree.sh and base.sh), re-applying the series only when its patches
# or the pinned upstream changed since the last time.  A <dir> imported
# under another upstream.conf (see its .git/upstream-conf) is made again
# from scratch.

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
dir=$1

sum=$( (cd "$SERIES" && ls -d */ && cat upstream.conf */*.patch) 2>/dev/null | sha256sum)
stamp=$dir/.git/series-applied
if test -d "$dir/.git" &&
   test "$(cat "$dir/.git/upstream-conf" 2>/dev/null)" != "$(sha256sum <"$SERIES/upstream.conf")"
then
	echo "Removing $dir: it predates the current upstream.conf"
	rm -rf "$dir"
fi
"$top/scripts/drop-stale-wrappers.sh" "$dir"
if test -d "$dir/.git"
then
	test "$(cat "$stamp" 2>/dev/null)" = "$sum" && exit 0
	"$top/scripts/make-tree.sh" --refresh "$dir"
else
	"$top/scripts/make-tree.sh" "$dir"
fi
echo "$sum" >"$stamp"
