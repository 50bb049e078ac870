#!/bin/sh
# Usage: export-series.sh <tree> <outdir>
#
# Write the commits of <tree> on top of the "upstream" tag as a patch
# series in <outdir>, replacing the *.patch files there.  The output
# depends only on the commits: the user's configuration is ignored, hashes
# are zeroed and index lines are full, so exporting the same series twice
# gives byte-identical files.

set -e
tree=$1
out=$2
test -n "$tree" && test -n "$out" ||
	{ echo >&2 "usage: $0 <tree> <outdir>"; exit 2; }
test -d "$tree/.git" ||
	{ echo >&2 "error: $tree is not a tree; run 'make tree' first"; exit 1; }

mkdir -p "$out"
rm -f "$out"/*.patch
GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null \
git -C "$tree" -c core.abbrev=12 -c diff.renames=true -c diff.algorithm=myers \
	format-patch -q --zero-commit --no-signature --full-index \
	--no-attach --no-thread --numbered \
	-o "$(cd "$out" && pwd)" upstream..HEAD
