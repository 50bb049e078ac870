#!/bin/sh
# Usage: bench/end_to_end_jobs.sh [<seeds>]    (default 10)
#
# The real "git bisect run --jobs 4" against "git bisect run" on the
# demo's scenario (git.git's graph, v2.54.0..v2.55.0, a bug that the
# test shows half of the time, the culprit chosen by the seed as the
# demo chooses it), both without options (the rates learned, target
# 0.9), with a test that takes a second, for seeds 1..<seeds>: the
# wall-clock time, the runs of the test and whether the answer is
# right, per seed and on average.  Prints what goes to
# build/eval/end-to-end-jobs.txt.

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
seeds=${1:-10}
git=$BASE_BUILD/git/bin-wrappers/git
work=$top/build/eval/end-to-end-jobs
shape=$top/build/git-shape

test -d "$shape" ||
python3 "$top/scripts/import-dag.py" "$top/data/git.git.dag.gz" "$shape" >/dev/null
rm -rf "$work"
mkdir -p "$work"
git clone -q --no-checkout "$shape" "$work/repo"
cd "$work/repo"
n=$(git rev-list --count v2.54.0..v2.55.0)

DEMO_PERCENT=50 DEMO_FLAKE=0 DEMO_SLEEP=1
DEMO_STATE=$work/state DEMO_RUNS=$work/runs
export DEMO_CULPRIT DEMO_SEED DEMO_PERCENT DEMO_FLAKE DEMO_SLEEP DEMO_STATE DEMO_RUNS

echo "git bisect run [--jobs 4] on git v2.54.0..v2.55.0, the bug shown 50 times in 100, a test of a second"
echo "seed jobs seconds runs answer"
seed=1
while test $seed -le "$seeds"
do
	DEMO_SEED=$seed
	DEMO_CULPRIT=$(git rev-list v2.54.0..v2.55.0 | sed -n "$(( (seed * 7919) % n + 1 ))p")
	for jobs in 1 4
	do
		rm -f "$DEMO_STATE" "$DEMO_RUNS"
		"$git" bisect start --no-checkout --confidence 0.9 v2.55.0 v2.54.0 >/dev/null
		started=$(date +%s)
		"$git" bisect run --jobs $jobs "$top/demo/flaky-test.sh" >"$work/out" 2>&1 || :
		seconds=$(( $(date +%s) - started ))
		found=$("$git" bisect log |
			sed -n 's/^# first .\{0,1\}bad.\{0,1\} commit: \[\([0-9a-f]*\)\].*/\1/p')
		answer=wrong
		test "$found" != "$DEMO_CULPRIT" || answer=right
		"$git" bisect reset >/dev/null 2>&1
		echo "$seed $jobs $seconds $(wc -l <"$DEMO_RUNS") $answer"
	done
	seed=$((seed + 1))
done | tee "$work/runs.txt"

awk 'NR > 0 { n[$2]++; s[$2] += $3; r[$2] += $4; ok[$2] += ($5 == "right") }
	END {
		for (j = 1; j <= 4; j += 3)
			printf "--jobs %d: %d/%d right, mean %.1f runs, mean %.1f seconds\n",
				j, ok[j], n[j], r[j] / n[j], s[j] / n[j]
		printf "wall-clock time with --jobs 4: %.2f of --jobs 1; runs: %.2f\n",
			s[4] / s[1], r[4] / r[1]
	}' "$work/runs.txt"
