#!/bin/sh
# Usage: bench/end_to_end.sh [<seeds> [<percent>]]    (default 50 50)
#
# The real thing, end to end: run the demo's scenario (git.git's graph,
# v2.54.0..v2.55.0, a bug that the test shows <percent> times in 100)
# with seeds 1..<seeds>, each time with plain "git bisect run", with a
# stochastic bisection told that the bug shows half of the time (target
# 0.9, --confidence-good 0.67 --confidence-bad 1), and with one that
# learns it ("git bisect run" without options), and compare how often
# each names the culprit and how many test runs it takes with what the
# simulator predicts for the same scenario ("test-tool bisect-sim", 200
# trials).  FLAKE and REGRESSION pass to the demo (see demo/run-demo.sh).

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
seeds=${1:-50}
percent=${2:-50}
rate=$(echo "$percent" | awk '{ printf "%g", $1 / 100 }')
git=$BASE_BUILD/git/bin-wrappers/git
out=$top/build/eval/end-to-end.runs
mkdir -p "$top/build/eval"

i=1
: >"$out"
while test $i -le "$seeds"
do
	SEED=$i PERCENT=$percent "$top/demo/run-demo.sh" "$git" 2>/dev/null |
		sed -n "s/^  \(plain\|stochastic\|learned\)[^:]*: *[^,]*, \([0-9]*\) test runs, \(.*\)$/$i \1 \2 \3/p" >>"$out"
	i=$((i + 1))
done

summary () {
	awk -v what="$1" '$2 == what { n++; runs += $3; right += ($4 == "right") }
		END { printf "%d/%d right (%.3f), mean %.1f test runs\n", right, n, right / n, runs / n }' "$out"
}

echo "git bisect run on git v2.54.0..v2.55.0, flaky p = $rate${FLAKE:+, failing $FLAKE% anyway}${REGRESSION:+, regression: $REGRESSION}, seeds 1..$seeds"
echo "  plain:                  $(summary plain)"
echo "  told p = 0.5, 0.9:      $(summary stochastic)"
echo "  learned, target 0.9:    $(summary learned)"
# the simulator's predictions below are for the flaky bug alone
test -z "$FLAKE$REGRESSION" || exit 0
(cd "$top/build/git-shape" &&
 "$BASE_BUILD/git/t/helper/test-tool" bisect-sim --noise=flaky:$rate \
	--confidence-good=0.67 --target=0.9 --trials=200 v2.55.0 v2.54.0) |
awk '{ n++; tests += $4; right += ($2 == $3) }
	END { printf "  simulator, told 0.5:    %d/%d right (%.3f), mean %.1f tests\n", right, n, right / n, tests / n }'
(cd "$top/build/git-shape" &&
 "$BASE_BUILD/git/t/helper/test-tool" bisect-sim --noise=flaky:$rate \
	--confidence-good=auto --confidence-bad=auto --target=0.9 --trials=200 v2.55.0 v2.54.0) |
awk '{ n++; tests += $4; right += ($2 == $3) }
	END { printf "  simulator, learned:     %d/%d right (%.3f), mean %.1f tests\n", right, n, right / n, tests / n }'
(cd "$top/build/git-shape" &&
 "$BASE_BUILD/git/t/helper/test-tool" bisect-sim --policy=plain --noise=flaky:$rate \
	--trials=200 v2.55.0 v2.54.0) |
awk '{ n++; tests += $4; right += ($2 == $3) }
	END { printf "  simulator, plain:       %d/%d right (%.3f), mean %.1f tests\n", right, n, right / n, tests / n }'
