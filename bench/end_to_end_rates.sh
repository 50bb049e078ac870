#!/bin/sh
# Usage: bench/end_to_end_rates.sh [<seeds> [<s> [<f>]]]   (default 50 60 30)
#
# Issue 44's end-to-end goal: the real "git bisect run" with no options
# (both rates learned, target 0.9 from "git bisect start --confidence
# 0.9") on the demo's history (git.git's graph, v2.54.0..v2.55.0) and
# with the demo's test (demo/flaky-test.sh, the culprit chosen by the
# seed as "make demo" chooses it), against a test that fails <s> times
# in 100 on bad commits and <f> on good ones, seeds 1..<seeds>.  The
# demo's test fails for the bug with probability PERCENT and for a
# reason of its own with FLAKE, independently: PERCENT is chosen so
# that a bad commit fails 100 - (100 - PERCENT)(100 - f) / 100 = s times
# in 100 (to the nearest whole PERCENT).
#
# GIT names another git than the base's build (bin-wrappers/git of a
# build of the series).
#
# Writes build/eval/end-to-end-rates.runs (a line per seed: seed,
# culprit, answer, runs) and build/eval/end-to-end-rates.txt (right,
# wrong "no regression", another commit, runs mean and p95).
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
seeds=${1:-50}
s=${2:-60}
f=${3:-30}
git=${GIT:-$BASE_BUILD/git/bin-wrappers/git}
work=$top/build/eval/end-to-end-rates
runs=$top/build/eval/end-to-end-rates.runs
out=$top/build/eval/end-to-end-rates.txt
shape=$top/build/git-shape
percent=$(awk -v s="$s" -v f="$f" 'BEGIN { printf "%d", 100 * (s - f) / (100 - f) + 0.5 }')

test -d "$shape" ||
python3 "$top/scripts/import-dag.py" "$top/data/git.git.dag.gz" "$shape" >/dev/null
rm -rf "$work"
mkdir -p "$work"
git clone -q --no-checkout "$shape" "$work/repo"
cd "$work/repo"
n=$(git rev-list --count v2.54.0..v2.55.0)

: >"$runs"
seed=1
while test $seed -le "$seeds"
do
	# as demo/run-demo.sh chooses it
	culprit=$(git rev-list v2.54.0..v2.55.0 | sed -n "$(( (seed * 7919) % n + 1 ))p")
	rm -f "$work/state" "$work/runs"
	"$git" bisect start --no-checkout --confidence 0.9 v2.55.0 v2.54.0 >/dev/null
	DEMO_CULPRIT=$culprit DEMO_SEED=$seed DEMO_PERCENT=$percent \
	DEMO_FLAKE=$f DEMO_STATE=$work/state DEMO_RUNS=$work/runs \
		"$git" bisect run "$top/demo/flaky-test.sh" >"$work/out" 2>&1 || :
	found=$("$git" bisect log |
		sed -n 's/^# first .\{0,1\}bad.\{0,1\} commit: \[\([0-9a-f]*\)\].*/\1/p')
	test -n "$found" ||
	! "$git" bisect log | grep -q "^# no regression: " ||
	found=no-regression
	echo "$seed $culprit ${found:-none} $(wc -l <"$work/runs")" >>"$runs"
	"$git" bisect reset >/dev/null 2>&1
	seed=$((seed + 1))
done

p95=$(awk '{ print $4 }' "$runs" | sort -n |
      awk '{ t[NR] = $1 } END { i = int(0.95 * NR); if (i < 0.95 * NR) i++; print t[i] }')
awk -v s="$s" -v f="$f" -v p="$percent" -v p95="$p95" '
{
	n++; sum += $4
	if ($2 == $3) right++
	else if ($3 == "no-regression") noreg++
	else if ($3 == "none") none++
	else other++
}
END {
	printf "The real \"git bisect run\" without options, target 0.9, on git.git'"'"'s graph (v2.54.0..v2.55.0), the demo'"'"'s test failing %d times in 100 on good commits and %d on bad ones (PERCENT=%d FLAKE=%d), seeds 1..%d:\n\n", f, 100 - (100 - p) * (100 - f) / 100, p, f, n
	print "| right | wrong \"no regression\" | another commit | nothing | runs, mean (p95) |"
	print "|---|---|---|---|---|"
	printf "| %d/%d = %.2f | %d | %d | %d | %.1f (%d) |\n", right, n, right / n, noreg, other, none, sum / n, p95
}' "$runs" >"$out"
cat "$out"
