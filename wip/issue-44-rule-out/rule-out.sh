#!/bin/sh
# Issue 44: the wrong "no regression" answers of the default, against
# how strictly the runs on the ends must rule out a change.  An
# experiment, not in the series: TOOL is a test-tool built from the
# series with rule-out-experiment.diff applied, whose engine reads
# EXP_RULE_OUT_K (the ends rule out a change at the probability
# 1 - (1 - target) / K rather than at the target) and EXP_MAX_RULED_OUT
# (the largest change, in thousandths, that "no regression" may leave
# unruled out; the series: 250).  Linear history of 100 commits,
# target 0.9, "git bisect run" without options, 30 trials a cell,
# seed 47.
#
# Usage: TOOL=<test-tool> wip/issue-44-rule-out/rule-out.sh
# Writes build/eval/rule-out.txt.
set -e
top=$(cd "$(dirname "$0")/../.." && pwd)
repo=$top/build/eval/any-rates/linear-100
out=$top/build/eval/rule-out.txt
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rule-out.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

cell () {
	(cd "$repo" &&
	 EXP_RULE_OUT_K=$2 EXP_MAX_RULED_OUT=$3 \
	 "$TOOL" bisect-sim --noise "$1" --trials 30 --seed 47 \
		--target 0.9 --confidence-good auto --confidence-bad auto \
		--max-tests 2000 main main~99) >"$tmp/trials"
	awk '{ n++; runs += $4; if ($2 == $3) ok++; else if ($3 == "no-regression") nr++ }
	     END { printf "%d/%d, %d, %.1f", ok, n, nr, runs / n }' "$tmp/trials"
}

{
echo "Linear history of 100 commits, target 0.9, 30 trials a cell (seed 47): right, wrong \"no regression\" (for constant:<r>, where there is no regression, the right answer), mean runs; K: the ends rule out a change at 1 - (1 - target) / K; D: the largest change \"no regression\" may leave unruled out."
echo
echo "| model | K = 1, D = 0.25 (the series) | K = 4, D = 0.25 | K = 1, D = 0.15 | K = 4, D = 0.15 |"
echo "|---|---|---|---|---|"
for m in two-sided:0.6:0.3 two-sided:0.5:0.3 two-sided:0.7:0.5 \
	two-sided:0.4:0.2 constant:0.05 constant:0.3 constant:0.8
do
	echo "| $m | $(cell $m 1 250) | $(cell $m 4 250) | $(cell $m 1 150) | $(cell $m 4 150) |"
done
} >"$out"
cat "$out"
