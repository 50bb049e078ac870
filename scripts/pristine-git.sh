#!/bin/sh
# Usage: pristine-git.sh <log>
#
# Print the path of an unpatched Git of the base (see base.sh), to
# compare the series with: PRISTINE_GIT if set, else the system's git
# when it is exactly the pinned release, else one built from the
# verified tarball in build/<base>/pristine, made again when
# upstream.conf changes (make-tree.sh records its sha256 in
# .git/upstream-conf).  The build's output goes to <log>.

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
log=$1

if test -n "$PRISTINE_GIT"
then
	echo "$PRISTINE_GIT"
	exit 0
fi
if test "$(/usr/bin/git version 2>/dev/null)" = "git version $UPSTREAM_VERSION"
then
	echo /usr/bin/git
	exit 0
fi
pristine=$BASE_BUILD/pristine
if test "$(cat "$pristine/.git/upstream-conf" 2>/dev/null)" != \
	"$(sha256sum <"$SERIES/upstream.conf")"
then
	rm -rf "$pristine" &&
	"$top/scripts/make-tree.sh" "$pristine" >"$log" 2>&1
fi &&
git -C "$pristine" checkout -q upstream &&
"$top/scripts/drop-stale-wrappers.sh" "$pristine" &&
make -C "$pristine" -j"${JOBS:-2}" all >>"$log" 2>&1 &&
echo "$pristine/bin-wrappers/git"
