#!/bin/sh
# Usage: variants.sh [<variant>...]
#
# Upstream CI's sanitizer jobs, on the series of the base (tree/<base>
# at its HEAD): Git built with SANITIZE=leak (its linux-leaks job) and
# with SANITIZE=address,undefined (linux-asan-ubsan), each in a work tree
# of its own, build/<base>/sanitize-<name>; in each, the series' tests and
# upstream's t6002 and t6030, with "set -e" as upstream's CI runs them,
# and the unit tests of the suites the series adds.
#
# Writes tests/recorded/variants-<base>.txt: the tree of the series it
# ran on, then a line per variant and test script with its counts.  A
# build and a run take about half an hour per variant on two cores, too
# long for "make test"; this is run before a change lands, and
# check-series.sh fails when the record is not of the series as it is
# or records a failure.  Prints one line per variant.  Naming variants
# ("leak", "address,undefined") runs only those, keeping the lines of
# the others from a record of the same series.

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
tree=$top/tree/$BASE
test -d "$tree/.git" ||
	{ echo >&2 "error: $tree is not a tree; run 'make tree' first"; exit 1; }
head=$(git -C "$tree" rev-parse HEAD)
record=$top/tests/recorded/variants-$BASE.txt
mkdir -p "$BASE_BUILD/logs" "$top/tests/recorded"

series_tree=$(git -C "$tree" rev-parse HEAD^{tree})
variants=${*:-leak address,undefined}
{
	echo "series tree $series_tree"
	if test $# != 0 &&
	   test "$(sed -n 's/^series tree //p' "$record" 2>/dev/null)" = "$series_tree"
	then
		for variant in leak address,undefined
		do
			case " $variants " in
			*" $variant "*) ;;
			*) grep "^$variant " "$record" ;;
			esac
		done
	fi
	for variant in $variants
	do
		dir=$BASE_BUILD/sanitize-$(echo "$variant" | tr , -)
		log=$BASE_BUILD/logs/sanitize-$(echo "$variant" | tr , -).log
		test -d "$dir" ||
		git -C "$tree" worktree add -q --detach "$dir" "$head"
		git -C "$dir" checkout -q --detach "$head"
		echo >&2 "Building and testing with SANITIZE=$variant in $dir (log: $log)"
		make -C "$dir" -j"${JOBS:-2}" DEVELOPER=1 SANITIZE=$variant all \
			>"$log" 2>&1 ||
			{ tail -n 20 "$log" >&2; exit 1; }
		tests=$(cd "$dir/t" && ls t6002-*.sh t6030-*.sh &&
			git -C "$dir" diff --name-only --diff-filter=A upstream HEAD -- \
				't/t[0-9]*.sh' | sed 's|^t/||')
		for t in $tests
		do
			out=$dir/t/test-results/${t%.sh}.counts
			rm -f "$out"
			(cd "$dir/t" && GIT_TEST_USE_SET_E=yes sh "$t" >>"$log" 2>&1) || :
			if test -f "$out"
			then
				echo "$variant $t $(sed -n 's/^success \(.*\)/\1/p' "$out") passed," \
					"$(sed -n 's/^failed \(.*\)/\1/p' "$out") failed"
			else
				echo "$variant $t did not finish (see $log)"
			fi
		done
		# and the unit tests (clar) of the suites the series adds
		suites=$(git -C "$dir" diff --name-only --diff-filter=A upstream HEAD \
			 -- 't/unit-tests/u-*.c' | sed 's|.*/u-||; s|\.c$||')
		test -z "$suites" ||
		make -C "$dir" -j"${JOBS:-2}" DEVELOPER=1 SANITIZE=$variant \
			t/unit-tests/bin/unit-tests >>"$log" 2>&1 ||
			{ tail -n 20 "$log" >&2; exit 1; }
		for s in $suites
		do
			if "$dir/t/unit-tests/bin/unit-tests" --run="$s" \
				>"$dir/t/unit-tests-$s.tap" 2>>"$log"
			then
				echo "$variant unit-tests:$s $(grep -c '^ok ' "$dir/t/unit-tests-$s.tap") passed," \
					"$(grep -c '^not ok ' "$dir/t/unit-tests-$s.tap") failed"
			else
				echo "$variant unit-tests:$s did not finish (see $log)"
			fi
		done
	done
} >"$record+"
mv "$record+" "$record"
cat "$record"
