# Sourced by the scripts, with $top set: the upstream release they work
# on, the "base".  BASE names a directory of series/ that holds the pin
# of the release (upstream.conf) and the patches against it; without
# BASE, series/default names it.  Reads the pin (UPSTREAM_VERSION,
# UPSTREAM_SHA256, UPSTREAM_DEBIAN_SUITE) and sets
#
#   SERIES      series/$BASE, the patches;
#   BASE_BUILD  build/$BASE, where everything made for the base goes;
#   VARIANTS    what tests/variants.sh runs (below).

test -n "$BASE" || BASE=$(cat "$top/series/default")
SERIES=$top/series/$BASE
if ! test -f "$SERIES/upstream.conf"
then
	echo >&2 "error: no series for base '$BASE' (series/$BASE/upstream.conf)"
	exit 1
fi
. "$SERIES/upstream.conf"
BASE_BUILD=$top/build/$BASE

# What tests/variants.sh runs before a change lands: every patch built,
# and upstream CI's sanitizer jobs (linux-leaks, linux-asan-ubsan) on a
# release whose own suite passes them; 2.39.5's was not leak-clean.
case $UPSTREAM_VERSION in
2.39.*)	VARIANTS=builds ;;
*)	VARIANTS="builds leak address,undefined" ;;
esac
