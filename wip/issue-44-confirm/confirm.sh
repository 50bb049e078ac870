#!/bin/sh
# Issue 44, item 3: would re-testing the answer and its parent, in
# alternation, before stopping keep the stated probability honest?
# An experiment, not in the series: TOOL is a test-tool built from the
# series with confirm-experiment.diff applied (test-tool bisect-sim
# --confirm=<k>: when a commit reaches the target, test its parent and
# it in turn, k times each, and stop only if it is still the answer).
# Linear history of 100 commits, target 0.9, "git bisect run" without
# options; the wrong models with misspec.sh's seed (25), the grid's
# hardest cells with seed 46; 50 trials a row.
#
# Usage: TOOL=<test-tool> wip/issue-44-confirm/confirm.sh
# Writes build/eval/confirm.txt.
set -e
top=$(cd "$(dirname "$0")/../.." && pwd)
repo=$top/build/eval/any-rates/linear-100
out=$top/build/eval/confirm.txt
tmp=$(mktemp -d "${TMPDIR:-/tmp}/confirm.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

cell () {
	(cd "$repo" &&
	 "$TOOL" bisect-sim --noise "$1" --trials 50 --seed "$2" \
		--target 0.9 --confidence-good auto --confidence-bad auto \
		--max-tests 2000 --confirm "$3" main main~99) >"$tmp/trials"
	awk '{ n++; runs += $4; if ($2 == $3) ok++; else if ($3 == "no-regression") nr++ }
	     END { printf "%d/%d, %d, %.1f", ok, n, nr, runs / n }' "$tmp/trials"
}

{
echo "Linear history of 100 commits, target 0.9, 50 trials a row: right, wrong \"no regression\", mean runs; k pairs of tests of the answer's parent and the answer before stopping."
echo
echo "| model | seed | k = 0 (the series) | k = 3 | k = 6 |"
echo "|---|---|---|---|---|"
for m in two-sided:0.6:0.3:25 drift:0.6:0.3:50:25 burst:0.6:0.3:0.2:25 \
	second-change:0.3:0.7:0:25 two-sided:0.6:0.3:46 two-sided:0.4:0.2:46 \
	two-sided:0.7:0.5:46 two-sided:0.5:0.05:46
do
	seed=${m##*:} noise=${m%:*}
	echo "| $noise | $seed | $(cell $noise $seed 0) | $(cell $noise $seed 3) | $(cell $noise $seed 6) |"
done
} >"$out"
cat "$out"
