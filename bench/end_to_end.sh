#!/bin/sh
# Usage: bench/end_to_end.sh [<seeds>]        (default 50)
#
# The real thing, end to end: run the demo's scenario (git.git's graph,
# v2.54.0..v2.55.0, a bug that the test shows half of the time) with
# seeds 1..<seeds>, each time with plain "git bisect run" and with a
# stochastic bisection (target 0.9, --confidence-good 0.67
# --confidence-bad 1), and compare how often each names the culprit and
# how many test runs it takes with what the simulator predicts for the
# same scenario ("test-tool bisect-sim", 200 trials).

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
seeds=${1:-50}
git=$top/build/git/bin-wrappers/git
out=$top/build/eval/end-to-end.runs
mkdir -p "$top/build/eval"

i=1
: >"$out"
while test $i -le "$seeds"
do
	SEED=$i "$top/demo/run-demo.sh" "$git" 2>/dev/null |
		sed -n "s/^  \(plain\|stochastic\).*: *[0-9a-f]*, \([0-9]*\) test runs, \(.*\)$/$i \1 \2 \3/p" >>"$out"
	i=$((i + 1))
done

summary () {
	awk -v what="$1" '$2 == what { n++; runs += $3; right += ($4 == "right") }
		END { printf "%d/%d right (%.3f), mean %.1f test runs\n", right, n, right / n, runs / n }' "$out"
}

echo "git bisect run on git v2.54.0..v2.55.0, flaky p = 0.5, seeds 1..$seeds"
echo "  plain:                  $(summary plain)"
echo "  stochastic, target 0.9: $(summary stochastic)"
(cd "$top/build/git-shape" &&
 "$top/build/git/t/helper/test-tool" bisect-sim --noise=flaky:0.5 \
	--target=0.9 --trials=200 v2.55.0 v2.54.0) |
awk '{ n++; tests += $4; right += ($2 == $3) }
	END { printf "  simulator, 200 trials:  %d/%d right (%.3f), mean %.1f tests\n", right, n, right / n, tests / n }'
(cd "$top/build/git-shape" &&
 "$top/build/git/t/helper/test-tool" bisect-sim --policy=plain --noise=flaky:0.5 \
	--trials=200 v2.55.0 v2.54.0) |
awk '{ n++; tests += $4; right += ($2 == $3) }
	END { printf "  simulator, plain:       %d/%d right (%.3f), mean %.1f tests\n", right, n, right / n, tests / n }'
