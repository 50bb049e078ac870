#!/bin/sh
# Calibration of "git bisect run" under a wrong model of the test
# (issue 44, item 3): test-tool bisect-sim against tests that are not
# independent draws at two fixed rates (a second change, rates that
# drift, failures in bursts; see t/helper/test-bisect-sim.c), with the
# two-sided models they perturb as controls.  Linear history of 100
# commits, target 0.9, the default of "git bisect run"
# (--confidence-good auto --confidence-bad auto), 50 trials a model,
# seed 25: every model sees the same culprits and random numbers.
#
# Usage: bench/misspec.sh        (a few minutes)
#
# Writes build/eval/misspec.txt, a table; "right" is the fraction that
# named the culprit, with its 95% Wilson interval.  TOOL names another
# test-tool than the base's build.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
tool=${TOOL:-$BASE_BUILD/git/t/helper/test-tool}
repo=$top/build/eval/any-rates/linear-100
out=$top/build/eval/misspec.txt
trials=50
seed=25
target=0.9

test -x "$tool" || { echo >&2 "$0: no test-tool at $tool"; exit 1; }
mkdir -p "$top/build/eval/any-rates"
if ! test -d "$repo"
then
	git init -q "$repo"
	i=1
	while test $i -le 100
	do
		printf 'commit refs/heads/main\ncommitter c <c@c> %d +0000\ndata <<E\nc%d\nE\nM 644 inline f\ndata <<E\n%d\nE\n\n' \
			$((1000000 + i)) $i $i
		i=$((i + 1))
	done | git -C "$repo" fast-import --quiet
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/misspec.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# row <noise> <label>: one line of the table
row () {
	(cd "$repo" &&
	 "$tool" bisect-sim --noise "$1" --trials $trials --seed $seed \
		--target $target --confidence-good auto --confidence-bad auto \
		main main~99) >"$tmp/trials"
	p95=$(awk '{ print $4 }' "$tmp/trials" | sort -n |
	      awk '{ t[NR] = $1 }
		   END { i = int(0.95 * NR); if (i < 0.95 * NR) i++; print t[i] }')
	awk -v p95="$p95" -v label="$2" '
	{
		runs += $4
		if ($3 == $2) right++
		else if ($3 == "no-regression") noreg++
		else if ($3 == "none") none++
		else other++
	}
	END {
		n = NR; z = 1.96; p = right / n
		den = 1 + z * z / n
		mid = (p + z * z / (2 * n)) / den
		half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
		lo = mid - half; hi = mid + half
		if (lo < 0) lo = 0
		if (hi > 1) hi = 1
		printf "| %s | %d/%d = %.2f [%.2f, %.2f] | %d | %d | %d | %.1f | %d |\n",
			label, right, n, p, lo, hi, noreg + 0, other + 0,
			none + 0, runs / n, p95
	}' "$tmp/trials"
}

{
echo "Linear history of 100 commits, target $target, --confidence-good auto" \
	"--confidence-bad auto, $trials trials a model (seed $seed)."
echo
echo '| model | right [95% Wilson] | wrong "no regression" | other commit named | none | mean runs | p95 runs |'
echo '|---|---|---|---|---|---|---|'
row two-sided:0.6:0.3 "two-sided:0.6:0.3 (control)"
row drift:0.6:0.3:50 "drift:0.6:0.3:50 (rates x1.5 from run 50)"
row burst:0.6:0.3:0.2 "burst:0.6:0.3:0.2"
row two-sided:0.5:0.05 "two-sided:0.5:0.05 (control)"
row drift:0.5:0.05:50 "drift:0.5:0.05:50 (rates x1.5 from run 50)"
row burst:0.5:0.05:0.2 "burst:0.5:0.05:0.2"
row second-change:0.3:0.7:0 "second-change:0.3:0.7:0"
echo
echo "drift:<s>:<f>:<k>: both rates are multiplied by 1.5 (at most 1)" \
	"from the k-th run of the test in a trial on (k = 50 here)."
echo "burst:<s>:<f>:<b>: a run of a commit whose previous run failed" \
	"fails with the rate + b (at most 1)."
echo "second-change:<s1>:<s2>:<f>: the culprit's descendants fail with s1," \
	"from a second change a third of the way to the tip with s2;" \
	"good commits with f; the right answer is the culprit."
} >"$out"
cat "$out"
