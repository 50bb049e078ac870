#!/bin/sh
# The default of "git bisect run" against tests that also fail on good
# commits, and against no regression at all (issue 25), in the
# simulator (test-tool bisect-sim, the real engine), with common random
# numbers: every policy sees the same culprits and draws.
#
# Usage: bench/robust_default.sh [TRIALS [TRIALS_1000 [SEEDS]]]
#        (default 50, 30, 50; about an hour on 2 cores)
#
# Writes build/eval/robust-default.txt: tables of accuracy and tests
# for the default before the run-default topic (--confidence-good auto
# --confidence-bad 1), the new default (auto auto) and the true rates
# stated, over a linear history of 100 commits at targets 0.9 and 0.99;
# of the ends reached when no commit changes the rate, over 30 and 1,000
# commits, within 400 runs; of accuracy and cost on 1,000 commits and on
# git.git's v2.54.0..v2.55.0; then the real "git bisect run" end to end
# (bench/end_to_end.sh) with good commits failing 5% of the time, and
# with no regression; and puts them into bench/RESULTS.md.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
tool=$BASE_BUILD/git/t/helper/test-tool
trials=${1:-50}
trials_1000=${2:-30}
seeds=${3:-50}
work=$top/build/eval/robust
out=$top/build/eval/robust-default.txt
mkdir -p "$work"

linear () {
	repo=$work/linear-$1
	test -d "$repo" && return 0
	git init -q "$repo"
	i=1
	while test $i -le "$1"
	do
		printf 'commit refs/heads/main\ncommitter c <c@c> %d +0000\ndata <<E\nc%d\nE\nM 644 inline f\ndata <<E\n%d\nE\n\n' \
			$((1000000 + i)) $i $i
		i=$((i + 1))
	done | git -C "$repo" fast-import --quiet
}

# sim <commits> <noise> [<options>...]: "<right> <named> <none> <mean tests> <p95 tests>"
# ("git" for <commits>: git.git's graph, v2.54.0..v2.55.0)
sim () {
	n=$1 noise=$2
	shift 2
	if test "$n" = git
	then
		(cd "$top/build/git-shape" &&
		 "$tool" bisect-sim --noise "$noise" --trials "$trials" \
			--seed 25 "$@" v2.55.0 v2.54.0)
	else
		(cd "$work/linear-$n" &&
		 "$tool" bisect-sim --noise "$noise" --trials "$trials" \
			--seed 25 "$@" main "main~$((n - 1))")
	fi >"$work/trials"
	p95=$(awk '{ print $4 }' "$work/trials" | sort -n |
	      awk '{ t[NR] = $1 } END { i = int(0.95 * NR); if (i < 0.95 * NR) i++; print t[i] }')
	awk -v p95="$p95" '{ s += $4; if ($2 == $3) ok++
	       if ($3 == "no-regression") nr++; else if ($3 != "none") named++ }
	     END { printf "%d %d %d %.1f %d\n", ok, named, nr, s / NR, p95 }' \
		"$work/trials"
}

linear 100
linear 30
linear 1000
if ! test -d "$top/build/git-shape"
then
	python3 "$top/scripts/import-dag.py" "$top/data/git.git.dag.gz" \
		"$top/build/git-shape" >/dev/null
fi
{
	echo "Measured with the series on Git $UPSTREAM_VERSION."
	echo
	for target in 0.9 0.99
	do
	echo "Linear history of 100 commits, target $target, $trials trials a row (seed 25):"
	echo
	echo "| s | f | before: right, tests (p95) | new default: right, tests (p95) | rates stated: right, tests (p95) |"
	echo "|---|---|---|---|---|"
	for s in 0.3 0.5 0.8 1.0
	do
		for f in 0 0.02 0.05 0.1
		do
			noise=two-sided:$s:$f
			set -- $(sim 100 $noise --target $target --confidence-good auto --confidence-bad 1 --max-tests 1000)
			before="$1/$trials, $4 ($5)"
			set -- $(sim 100 $noise --target $target --confidence-good auto --confidence-bad auto --max-tests 1000)
			new="$1/$trials, $4 ($5)"
			if test "$s" = 1.0 && test "$f" = 0
			then
				stated="-"
			else
				set -- $(sim 100 $noise --target $target --max-tests 1000)
				stated="$1/$trials, $4 ($5)"
			fi
			echo "| $s | $f | $before | $new | $stated |"
		done
	done
	echo
	done
	echo "No regression: the test fails at rate r on every commit, at most 400 runs, target 0.9, $trials trials a row over 30 commits, $trials_1000 over 1,000."
	echo
	echo "| commits | r | before: commit named, undecided | new default: no regression, commit named, undecided, runs (p95) |"
	echo "|---|---|---|---|"
	for n in 30 1000
	do
		saved=$trials
		test $n = 30 || trials=$trials_1000
		for r in 0 0.05 0.1 0.3 0.5
		do
			set -- $(sim $n constant:$r --confidence-good auto --confidence-bad 1 --max-tests 400)
			before="$2/$trials, $((trials - $2 - $3))/$trials"
			set -- $(sim $n constant:$r --confidence-good auto --confidence-bad auto --max-tests 400)
			echo "| $n | $r | $before | $3/$trials, $2/$trials, $((trials - $2 - $3))/$trials, $4 ($5) |"
		done
		trials=$saved
	done
	echo
	saved=$trials
	trials=$trials_1000
	echo "Linear history of 1,000 commits, target 0.9, $trials trials a row: tests, mean (p95), and the new default's mean against the default before (at f = 0) and against its own at f = 0."
	echo
	echo "| s | f | before: right, tests (p95) | new default: right, tests (p95) | new / before | new / new at f = 0 |"
	echo "|---|---|---|---|---|---|"
	for s in 0.3 0.5 0.8 1.0
	do
		for f in 0 0.02 0.05 0.1
		do
			noise=two-sided:$s:$f
			set -- $(sim 1000 $noise --confidence-good auto --confidence-bad 1 --max-tests 2000)
			before="$1/$trials, $4 ($5)"
			test "$f" != 0 || before_mean=$4
			set -- $(sim 1000 $noise --confidence-good auto --confidence-bad auto --max-tests 2000)
			test "$f" != 0 || zero_mean=$4
			ratio=-
			test "$f" != 0 || ratio=$(awk "BEGIN { printf \"%.2f\", $4 / $before_mean }")
			echo "| $s | $f | $before | $1/$trials, $4 ($5) | $ratio | $(awk "BEGIN { printf \"%.2f\", $4 / $zero_mean }") |"
		done
	done
	echo
	echo "Linear history of 1,000 commits, target 0.99, $trials trials a row, the new default:"
	echo
	echo "| s | f | new default: right, tests (p95) |"
	echo "|---|---|---|"
	for s in 0.3 0.5 0.8 1.0
	do
		for f in 0 0.05 0.1
		do
			set -- $(sim 1000 two-sided:$s:$f --target 0.99 --confidence-good auto --confidence-bad auto --max-tests 2000)
			echo "| $s | $f | $1/$trials, $4 ($5) |"
		done
	done
	echo
	for target in 0.9 0.99
	do
	echo "git.git's graph, v2.54.0..v2.55.0 (681 commits, 176 merges), target $target, $trials trials a row:"
	echo
	echo "| s | f | before: right, tests (p95) | new default: right, tests (p95) |"
	echo "|---|---|---|---|"
	for s in 0.3 0.5 0.8
	do
		for f in 0 0.05 0.1
		do
			noise=two-sided:$s:$f
			set -- $(sim git $noise --target $target --confidence-good auto --confidence-bad 1 --max-tests 2000)
			before="$1/$trials, $4 ($5)"
			set -- $(sim git $noise --target $target --confidence-good auto --confidence-bad auto --max-tests 2000)
			echo "| $s | $f | $before | $1/$trials, $4 ($5) |"
		done
	done
	echo
	done
	trials=$saved
} >"$out"
cat "$out"
FLAKE=5 "$top/bench/end_to_end.sh" "$seeds" 50 >"$top/build/eval/end-to-end-flake5.txt"
REGRESSION=no "$top/bench/end_to_end.sh" "$seeds" >"$top/build/eval/end-to-end-no-regression.txt"
cat "$top/build/eval/end-to-end-flake5.txt" "$top/build/eval/end-to-end-no-regression.txt"
"$top/scripts/install-deps.sh" python3-matplotlib
/usr/bin/python3 "$top/bench/evaluate.py" --robust-only
