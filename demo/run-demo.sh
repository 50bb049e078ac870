#!/bin/sh
# Usage: demo/run-demo.sh [<git>]    (make demo; SEED=<n> to vary the
#                                    story, PERCENT=<p> how often it shows,
#                                    FLAKE=<f> how often the test fails
#                                    anyway, REGRESSION=no for no bug,
#                                    BENCHMARK=yes for a slowdown)
#
# Bisect a flaky bug on the same history, with the same flaky test: with
# plain "git bisect run", with a stochastic bisection told how often the
# bug shows, with one that learns it, and with one that learns it
# running four tests at a time ("git bisect run --jobs 4").  The
# history is git.git's real commit graph between v2.54.0 and v2.55.0
# (681 commits, 176 merges), imported from data/git.git.dag.gz; the
# culprit is chosen by the seed, and the test shows the bug on half of
# the runs of a bad commit (PERCENT).  With FLAKE, the test also fails
# that many times in 100 on any commit; with REGRESSION=no there is no
# bug, and the test fails FLAKE (by default 30) times in 100 everywhere.
#
# With BENCHMARK=yes, the culprit makes a benchmark (demo/benchmark.sh)
# SLOWDOWN (by default 5) percent slower, and "git bisect run --measure"
# bisects it from the timings; the measurements are then plotted against
# the commits' order, from "git bisect status --porcelain", in
# build/demo/measurements.svg (demo/plot-measurements.py).

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
git=${1:-$BASE_BUILD/git/bin-wrappers/git}
git=$(cd "$(dirname "$git")" && pwd)/$(basename "$git")
seed=${SEED:-2}
percent=${PERCENT:-50}
flake=${FLAKE:-0}
test "$REGRESSION" != no || flake=${FLAKE:-30}
work=$top/build/demo
shape=$top/build/git-shape

if ! test -d "$shape"
then
	echo "Importing git.git's commit graph (once)..."
	python3 "$top/scripts/import-dag.py" "$top/data/git.git.dag.gz" "$shape" \
		>/dev/null
fi
rm -rf "$work"
mkdir -p "$work"
git clone -q --no-checkout "$shape" "$work/repo"
cd "$work/repo"

# The culprit: a commit of the range picked by the seed.
n=$(git rev-list --count v2.54.0..v2.55.0)
culprit=$(git rev-list v2.54.0..v2.55.0 | sed -n "$(( (seed * 7919) % n + 1 ))p")
test "$REGRESSION" != no || culprit=

DEMO_CULPRIT=$culprit DEMO_SEED=$seed DEMO_PERCENT=$percent DEMO_FLAKE=$flake
DEMO_STATE=$work/state DEMO_RUNS=$work/runs
export DEMO_CULPRIT DEMO_SEED DEMO_PERCENT DEMO_FLAKE DEMO_STATE DEMO_RUNS
test=$top/demo/flaky-test.sh

cat <<INTRO
Stochastic bisection demo, seed $seed (SEED=<n> make demo for another)

History: git.git's commit graph, v2.54.0..v2.55.0: $n commits, \
$(git rev-list --count --merges v2.54.0..v2.55.0) merges.
INTRO
if test "$BENCHMARK" = yes && test -n "$culprit"
then
	echo "A slowdown of ${SLOWDOWN:-5}% came with $(git rev-parse --short "$culprit") ($(git log -1 --format=%s "$culprit"))."
	echo "The benchmark takes about 12 s, with a spread of 0.6 s and one run in 20 far off."
elif test "$BENCHMARK" = yes
then
	echo "No commit makes the benchmark slower."
elif test -n "$culprit"
then
	echo "The bug came with $(git rev-parse --short "$culprit") ($(git log -1 --format=%s "$culprit"))."
	echo "The test shows it only $percent times in 100 on a bad commit."
else
	echo "There is no bug: no commit changes how often the test fails."
fi
test "$flake" = 0 ||
echo "The test also fails $flake times in 100 on any commit, for a reason of its own."
echo

result () {
	sed -n 's/^\([0-9a-f]*\) is the first .\{0,1\}bad.\{0,1\} commit$/\1/p' "$1"
}

# A commit, "none" for "no regression", or nothing, for people.
short () {
	case "$1" in
	none) echo "no regression" ;;
	"") echo "nothing" ;;
	*) git rev-parse --short "$1" ;;
	esac
}

# What the bisection in progress found, from its log: a commit, "none"
# for "no regression", or nothing.
logged_result () {
	found=$("$git" bisect log | sed -n 's/^# first .\{0,1\}bad.\{0,1\} commit: \[\([0-9a-f]*\)\].*/\1/p')
	if test -z "$found" && "$git" bisect log | grep -q "^# no regression: "
	then
		found=none
	fi
	echo "$found"
}

verdict () {
	if test "$1" = "${culprit:-none}"
	then
		echo "right"
	else
		echo "WRONG"
	fi
}

# BENCHMARK=yes: a slowdown bisected from the timings, then plotted.
if test "$BENCHMARK" = yes
then
	DEMO_SLOWDOWN=${SLOWDOWN:-5}
	export DEMO_SLOWDOWN
	echo "git bisect start --confidence 0.9 --higher-is-worse (a time), then"
	echo "git bisect run --measure:"
	rm -f "$DEMO_STATE" "$DEMO_RUNS"
	"$git" bisect start --no-checkout --confidence 0.9 --higher-is-worse \
		v2.55.0 v2.54.0 >/dev/null
	"$git" bisect run --measure "$top/demo/benchmark.sh" \
		>"$work/measure.out" 2>&1 || :
	sed -n '/^  run /p' "$work/measure.out" |
		sed -n -e '1,8p' -e '9{s/.*/  .../p}' -e '$p'
	sed -n -e 's/^\(It is the first .\{0,1\}bad.\{0,1\} commit\)/   \1/p' \
		-e 's/^\(Median of the measurements\)/   \1/p' \
		-e 's/^\(No commit in the range shifts\)/   \1/p' "$work/measure.out"
	found=$(logged_result)
	runs=$(wc -l <"$DEMO_RUNS")
	git rev-list --topo-order --reverse v2.54.0..v2.55.0 >"$work/positions"
	"$git" bisect status --porcelain |
		python3 "$top/demo/plot-measurements.py" "$work/positions" \
			"${culprit:-none}" "${found:-none}" "$work/measurements.svg"
	"$git" bisect reset >/dev/null 2>&1
	echo "   => $(short "$found") after $runs runs: $(verdict "$found")"
	echo
	echo "The measurements against the commits' order (planted and found"
	echo "commits marked): $work/measurements.svg"
	exit 0
fi

echo "1. Plain 'git bisect run', trusting every pass:"
rm -f "$DEMO_STATE" "$DEMO_RUNS"
"$git" bisect start --no-checkout v2.55.0 v2.54.0 >/dev/null
"$git" bisect run "$test" >"$work/plain.out" 2>"$work/plain.err" || :
cat "$work/plain.err"
plain=$(result "$work/plain.out")
plain_runs=$(wc -l <"$DEMO_RUNS")
"$git" bisect reset >/dev/null 2>&1
echo "   => $(short "$plain") after $plain_runs runs: $(verdict "$plain")"
echo

# "git bisect run <options> <test>", showing its steps only.
run_steps () {
	"$git" bisect run "$@" "$test" 2>&1 |
		sed -n -e 's/^Bisecting: the most probable first .\{0,1\}bad.\{0,1\} commit has probability/       top probability/p' \
			-e '/^  test /p' \
			-e '/^It is the first .\{0,1\}bad.\{0,1\} commit/p' \
			-e '/^No commit in the range changes/p' \
			-e '/^Learned from the verdicts/p' \
			-e '/^No regression in the range/p' >"$work/stochastic.log"
	# every step says what was learned so far: show only the last
	grep -v "^Learned\|^No regression in the range" "$work/stochastic.log"
	grep "^Learned" "$work/stochastic.log" | sed -n '$s/^/   /p'
	grep "^No regression in the range" "$work/stochastic.log" |
		sed -n '$s/^/   /p'
}

# Run a stochastic bisection with "git bisect run <options> <test>",
# show its steps and its report, and set $found and $runs.  With $pause,
# stop it after that many runs, show "git bisect status", and go on.
stochastic () {
	rm -f "$DEMO_STATE" "$DEMO_RUNS"
	"$git" bisect start --no-checkout --confidence 0.9 v2.55.0 v2.54.0 >/dev/null
	if test -n "$pause"
	then
		DEMO_STOP_AT=$pause
		export DEMO_STOP_AT
		run_steps "$@"
		unset DEMO_STOP_AT
		echo "   -- stopped after $pause runs; 'git bisect status' says:"
		"$git" bisect status
		echo "   -- 'git bisect run' again goes on from there:"
	fi
	run_steps "$@"
	if test -n "$pause"
	then
		echo "   -- at the end, 'git bisect status' says:"
		"$git" bisect status
	fi
	found=$(logged_result)
	runs=$(wc -l <"$DEMO_RUNS")
	"$git" bisect reset >/dev/null 2>&1
	echo "   => $(short "$found") after $runs runs: $(verdict "$found")"
	echo
}

echo "2. Stochastic: git bisect start --confidence 0.9, then"
echo "   git bisect run --confidence-good 0.67 --confidence-bad 1"
echo "   (the confidences for a bug that shows half of the time):"
pause=
stochastic --confidence-good 0.67 --confidence-bad 1
stated=$found stated_runs=$runs

echo "3. Stochastic, learning how often the bug shows: git bisect start"
echo "   --confidence 0.9, then git bisect run with no confidence at all:"
pause=15
stochastic
learned=$found learned_runs=$runs

echo "4. The same, four tests at a time: git bisect run --jobs 4, each"
echo "   run of the test taking a second, as a real one would:"
rm -f "$DEMO_STATE" "$DEMO_RUNS"
"$git" bisect start --no-checkout --confidence 0.9 v2.55.0 v2.54.0 >/dev/null
started=$(date +%s)
DEMO_SLEEP=1 "$git" bisect run --jobs 4 "$test" >"$work/jobs.out" 2>&1 || :
seconds=$(( $(date +%s) - started ))
sed -n -e '/^  test /p' -e 's/^\(It is the first .\{0,1\}bad.\{0,1\} commit\)/   \1/p' \
	-e 's/^\(No commit in the range changes\)/   \1/p' "$work/jobs.out" |
	sed -n -e '1,8p' -e '9{s/.*/  .../p}' -e '$p'
parallel=$(logged_result)
parallel_runs=$(wc -l <"$DEMO_RUNS")
"$git" bisect reset >/dev/null 2>&1
echo "   => $(short "$parallel") after $parallel_runs runs in $seconds seconds" \
	"(one at a time: at least $parallel_runs): $(verdict "$parallel")"
echo

cat <<SUMMARY
Summary (seed $seed, $(if test -n "$culprit"; then echo "the bug shows $percent times in 100"; else echo "no bug"; fi)\
$(test "$flake" = 0 || echo ", the test fails $flake times in 100 anyway"))
  plain git bisect run:   $(short "$plain"), $plain_runs test runs, $(verdict "$plain")
  stochastic, told 0.67:  $(short "$stated"), $stated_runs test runs, $(verdict "$stated")
  learned, target 0.9:    $(short "$learned"), $learned_runs test runs, $(verdict "$learned")
  learned, 4 at a time:   $(short "$parallel"), $parallel_runs test runs in $seconds s, $(verdict "$parallel")
SUMMARY
