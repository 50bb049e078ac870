#!/bin/sh
# Usage: variants.sh [<variant>...]
#
# The checks of the series of the base (tree/<base> at its HEAD) that
# take too long for "make test", run before a change lands:
#
#   builds    every patch builds with DEVELOPER=1 (warnings are errors),
#             one after the other, incrementally, in build/<base>/series,
#             so that the series bisects;
#   leak, address,undefined
#             upstream CI's sanitizer jobs: Git built with SANITIZE=leak
#             (its linux-leaks job) or SANITIZE=address,undefined
#             (linux-asan-ubsan), each in a work tree of its own,
#             build/<base>/sanitize-<name>; in each, the series' tests and
#             upstream's t6002 and t6030, with "set -e" as upstream's CI
#             runs them, and the unit tests of the suites the series adds.
#
# Writes tests/recorded/variants-<base>.txt: the tree of the series it
# ran on, then a line per patch built (with the tree it builds) and per
# variant and test script (with its counts).  On two cores the builds
# take about half an hour and each sanitizer as long; check-series.sh,
# which "make test" runs, fails when the record is not of the series as
# it is or records a failure.  Prints one line per variant, and runs
# them side by side.  Naming variants runs only those, keeping the lines
# of the others from a record of the same series.  Without, runs those
# the base lists in VARIANTS (scripts/base.sh).

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
variants=${*:-$VARIANTS}

# Through ccache, if there is one ("make variants" installs it): a patch
# that changes a header rebuilds much of Git, and a run after a change
# to the series compiles again what an earlier run compiled.  Its cache
# is kept in build/ccache.
if test -d /usr/lib/ccache
then
	PATH=/usr/lib/ccache:$PATH
	CCACHE_DIR=$top/build/ccache
	export PATH CCACHE_DIR
fi

run_variant () {
	variant=$1
	log=$BASE_BUILD/logs/variant-$(echo "$variant" | tr , -).log
	if test "$variant" = builds
	then
		# One work tree, moved from commit to commit, so that
		# every step only rebuilds what the patch touched.
		dir=$BASE_BUILD/series
		# (once a work tree of build/<base>/git: made again)
		test "$(git -C "$dir" rev-parse --path-format=absolute \
			--git-common-dir 2>/dev/null)" = "$tree/.git" ||
		{ rm -rf "$dir" && git -C "$tree" worktree prune &&
		  git -C "$tree" worktree add -q --detach "$dir" upstream; }
		echo >&2 "Building every patch with DEVELOPER=1 in $dir (log: $log)"
		: >"$log"
		for c in upstream $(git -C "$tree" rev-list --reverse upstream..HEAD)
		do
			# A tree the last record saw built builds the same
			# (the same files, the same flags): reuse its line,
			# so that a change late in the series costs its own
			# patches only.
			t=$(git -C "$tree" rev-parse "$c^{tree}")
			if grep -q "^builds $t built: " "$record" 2>/dev/null
			then
				echo "builds $t built: $(git -C "$tree" log -1 --format=%s "$c")"
				continue
			fi
			git -C "$dir" checkout -q --detach "$c"
			if make -C "$dir" -j"${JOBS:-2}" DEVELOPER=1 all \
				>>"$log" 2>&1
			then
				result=built
			else
				result="did not build"
			fi
			echo "builds $t $result: $(git -C "$tree" log -1 --format=%s "$c")"
		done
		return
	fi
	dir=$BASE_BUILD/sanitize-$(echo "$variant" | tr , -)
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
}

# The variants run side by side, each in its own work tree: the tests
# of a sanitizer build run one at a time, so two cores are kept busy.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pids=
for variant in $variants
do
	run_variant "$variant" >"$tmp/$variant" &
	pids="$pids $!"
done
for pid in $pids
do
	wait "$pid" || exit 1
done
{
	echo "series tree $series_tree"
	for variant in $VARIANTS
	do
		if test -f "$tmp/$variant"
		then
			cat "$tmp/$variant"
		elif test "$(sed -n 's/^series tree //p' "$record" 2>/dev/null)" = "$series_tree"
		then
			grep "^$variant " "$record" || :
		fi
	done
} >"$record+"
mv "$record+" "$record"
cat "$record"
