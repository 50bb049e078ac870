#!/bin/sh
# "git bisect run" without options against tests that fail often on good
# commits too, and against no regression at all (issue 44), in the
# simulator (test-tool bisect-sim, the real engine), with common random
# numbers: every policy sees the same culprits and draws.
#
# Usage: bench/any_rates.sh [TRIALS [SEED]]   (default 30 and 44)
#
# Environment: BASELINE_TOOL, the test-tool of an earlier build of the
# series to compare with (e.g. one built from the series as it was
# before issue 44: its prior of the rate on good commits stopped at
# 0.2); without it, the columns of the baseline are left out.
# TARGETS (default "0.9 0.99"), HISTORIES (default "100": linear
# histories of that many commits; "git" is git.git's v2.54.0..v2.55.0).
# TABLES (default "grid cost"): "grid" is the grid of rates and no
# regression; "cost" is what the default costs when good commits never
# fail (f = 0), against the one-sided "--confidence-bad 1
# --confidence-good auto", the default of "git bisect run" before the
# rate on bad commits was learned too, for s = 0.3, 0.5 and 0.8.
#
# Writes build/eval/any-rates/<history>-<target>.txt for each history and
# target it runs (so that several can run side by side), then
# build/eval/any-rates.txt from every such file there is: for each, a table
# of s (the rate on bad commits), f (the rate on good ones), and for the
# baseline, the default of "git bisect run" (both rates learned) and
# the true rates stated: right, wrong "no regression", another commit
# named, and runs, mean (p95); then the same with no regression (the
# test failing at rate r everywhere).  bench/evaluate.py --any-rates-only
# puts it into bench/RESULTS.md.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
tool=${TOOL:-$BASE_BUILD/git/t/helper/test-tool}
trials=${1:-30}
seed=${2:-44}
targets=${TARGETS:-0.9 0.99}
histories=${HISTORIES:-100}
work=$top/build/eval/any-rates
out=$top/build/eval/any-rates.txt
mkdir -p "$work"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/any-rates.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

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

# sim <tool> <history> <noise> [<options>...]:
# "<right> <no-regression> <other commit> <mean runs> <p95 runs>"
sim () {
	t=$1 n=$2 noise=$3
	shift 3
	if test "$n" = git
	then
		(cd "$top/build/git-shape" &&
		 "$t" bisect-sim --noise "$noise" --trials "$trials" \
			--seed "$seed" "$@" v2.55.0 v2.54.0)
	else
		(cd "$work/linear-$n" &&
		 "$t" bisect-sim --noise "$noise" --trials "$trials" \
			--seed "$seed" "$@" main "main~$((n - 1))")
	fi >"$tmp/trials"
	p95=$(awk '{ print $4 }' "$tmp/trials" | sort -n |
	      awk '{ t[NR] = $1 } END { i = int(0.95 * NR); if (i < 0.95 * NR) i++; print t[i] }')
	awk -v p95="$p95" '{ s += $4; if ($2 == $3) ok++
	       else if ($3 == "no-regression") nr++; else if ($3 != "none") named++ }
	     END { printf "%d %d %d %.1f %d\n", ok, nr, named, s / NR, p95 }' \
		"$tmp/trials"
}

# cell <right> <no-regression> <other> <mean> <p95>
cell () {
	echo "$1/$trials, $2, $3, $4 ($5)"
}

for n in $histories
do
	if test "$n" = git
	then
		test -d "$top/build/git-shape" ||
		python3 "$top/scripts/import-dag.py" "$top/data/git.git.dag.gz" \
			"$top/build/git-shape" >/dev/null
	else
		linear "$n"
	fi
done

tables=${TABLES:-grid cost}

for n in $histories
do
for target in $targets
do
case " $tables " in
*" cost "*)
{
	echo "Linear history of $n commits, target $target, good commits never failing: the default against the one-sided default before the rate on bad commits was learned (\"--confidence-bad 1 --confidence-good auto\"), $trials trials, seed $seed; right, runs mean (p95), and the ratio of the mean runs."
	echo
	echo "| s | one-sided | default | runs, default / one-sided |"
	echo "|---|---|---|---|"
	for s in 0.3 0.5 0.8
	do
		set -- $(sim "$tool" $n two-sided:$s:0 --target $target --confidence-good auto --confidence-bad 1 --max-tests 2000)
		one_right=$1 one_runs=$4 one_p95=$5
		set -- $(sim "$tool" $n two-sided:$s:0 --target $target --confidence-good auto --confidence-bad auto --max-tests 2000)
		echo "| $s | $one_right/$trials, $one_runs ($one_p95) | $1/$trials, $4 ($5) | $(awk -v a=$4 -v b=$one_runs 'BEGIN { printf "%.2f", a / b }') |"
	done
	echo
} >"$work/$n-$target-cost.txt"
cat "$work/$n-$target-cost.txt"
esac
case " $tables " in
*" grid "*) ;;
*) continue
esac
{
	echo "Measured with the series on Git $UPSTREAM_VERSION, $trials trials a row, seed $seed; a cell is: right, wrong \"no regression\", another commit named, runs mean (p95), at most 2000 runs."
	echo
	if test "$n" = git
	then
		echo "git.git's graph, v2.54.0..v2.55.0, target $target:"
	else
		echo "Linear history of $n commits, target $target:"
	fi
	echo
	if test -n "$BASELINE_TOOL"
	then
		echo "| s | f | before | default | rates stated |"
		echo "|---|---|---|---|---|"
	else
		echo "| s | f | default | rates stated |"
		echo "|---|---|---|---|"
	fi
	for f in 0 0.05 0.1 0.2 0.3 0.5
	do
		for s in $(awk -v f=$f 'BEGIN { for (i = 1; i <= 3; i++) {
				d = i == 1 ? 0.2 : i == 2 ? 0.3 : 0.5
				if (f + d < 1) print f + d }
			print 1 }')
		do
			noise=two-sided:$s:$f
			row="| $s | $f |"
			if test -n "$BASELINE_TOOL"
			then
				row="$row $(cell $(sim "$BASELINE_TOOL" $n $noise --target $target --confidence-good auto --confidence-bad auto --max-tests 2000)) |"
			fi
			row="$row $(cell $(sim "$tool" $n $noise --target $target --confidence-good auto --confidence-bad auto --max-tests 2000)) |"
			if test "$s" = 1 && test "$f" = 0
			then
				row="$row - |"
			else
				row="$row $(cell $(sim "$tool" $n $noise --target $target --max-tests 2000)) |"
			fi
			echo "$row"
		done
	done
	echo
	echo "No regression (the test fails at rate r on every commit), target $target: \"no regression\", a commit named, undecided after 600 runs, runs mean (p95):"
	echo
	echo "| r | before | default |"
	echo "|---|---|---|"
	for r in 0 0.05 0.3 0.5 0.8
	do
		row="| $r |"
		for t in "$BASELINE_TOOL" "$tool"
		do
			if test -z "$t"
			then
				row="$row - |"
				continue
			fi
			set -- $(sim "$t" $n constant:$r --target $target --confidence-good auto --confidence-bad auto --max-tests 600)
			row="$row $2/$trials, $3/$trials, $((trials - $2 - $3))/$trials, $4 ($5) |"
		done
		echo "$row"
	done
	echo
} >"$work/$n-$target.txt"
cat "$work/$n-$target.txt"
done
done

# Every part measured so far, in a fixed order, each with the line that
# says how it was measured (trials and seed may differ between parts).
for n in 100 1000 git
do
	for target in 0.9 0.99
	do
		for part in "$work/$n-$target.txt" "$work/$n-$target-cost.txt"
		do
			test -f "$part" && echo "$part"
		done
	done
done >"$tmp/parts"
{
	while read part
	do
		cat "$part"
	done <"$tmp/parts"
} >"$out"
