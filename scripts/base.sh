# Sourced by the scripts, with $top set: the upstream release they work
# on, the "base".  BASE names a directory of series/ that holds the pin
# of the release (upstream.conf) and the patches against it; without
# BASE, series/default names it.  Reads the pin (UPSTREAM_VERSION,
# UPSTREAM_SHA256, UPSTREAM_DEBIAN_SUITE) and sets
#
#   SERIES      series/$BASE, the patches;
#   BASE_BUILD  build/$BASE, where everything made for the base goes.

test -n "$BASE" || BASE=$(cat "$top/series/default")
SERIES=$top/series/$BASE
if ! test -f "$SERIES/upstream.conf"
then
	echo >&2 "error: no series for base '$BASE' (series/$BASE/upstream.conf)"
	exit 1
fi
. "$SERIES/upstream.conf"
BASE_BUILD=$top/build/$BASE
