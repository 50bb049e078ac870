#!/bin/sh
# What "make test" runs, on the tree of the base (see base.sh) built in
# build/<base>/git:
#
#   1. series hygiene (tests/check-series.sh);
#   2. upstream's test lint on all test scripts, then upstream's t0000,
#      t0450 (the usage strings against the manual) and its tests of
#      rev-list, bisection and commit reachability (t60*,
#      t61*, t66*; not the merge and ref-formatting tests of t62*-t65*,
#      which the series cannot reach and which take most of the time),
#      unmodified, plus every test script the series adds, in Git's own
#      harness, the unit tests (clar) of the suites it adds, and its
#      perf tests, run once;
#   3. the series' tests and upstream's t6002 and t6030 again, under the
#      settings of upstream's CI that need no other build (set -e,
#      reftable, SHA-256, linux-TEST-vars);
#   4. the documentation of the series builds without warnings and
#      passes upstream's lint-docs;
#   5. a fixed-seed subset of the evaluation: accuracy and number of
#      tests against the information bound (bench/evaluate.py --quick);
#   6. the normal-mode differential check against an unpatched Git
#      (tests/differential.sh).
#
# Each check prints "ok - ..." or "not ok - ..."; the last line counts
# them, and the exit code is non-zero if any failed.

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
build=$BASE_BUILD/git
jobs=${JOBS:-2}
log=$BASE_BUILD/test-logs
rm -rf "$log"
mkdir -p "$log"

# An unpatched Git to compare against (scripts/pristine-git.sh).
PRISTINE_GIT=$("$top/scripts/pristine-git.sh" "$log/pristine-build") ||
{ echo "not ok - building the pristine Git (see $log/pristine-build)"; exit 1; }

run_check () {
	name=$1
	shift
	echo "# $name"
	"$@" 2>&1 | tee "$log/$name.out"
}

{
	run_check series "$top/tests/check-series.sh" "$build"
	run_check figures "$top/tests/check-figures.sh"

	# The 2.39.5 series must be the product of the 2.55.0 one: both
	# trees, the other one applied (not built) if need be.
	for b in 2.55.0 2.39.5
	do
		test "$b" = "$BASE" ||
		BASE=$b "$top/scripts/prepare-build.sh" "$top/build/$b/git" \
			>"$log/prepare-$b.out" 2>&1 ||
		echo "not ok - applying the series of $b (see $log/prepare-$b.out)"
	done
	run_check bases "$top/tests/check-bases.sh" \
		"$top/build/2.55.0/git" "$top/build/2.39.5/git"

	if test -d "$top/tree/$BASE/.git"
	then
		tmp=$(mktemp -d)
		"$top/scripts/export-series.sh" "$top/tree/$BASE" "$tmp" &&
		diff -r -x upstream.conf "$SERIES" "$tmp" >/dev/null 2>&1 &&
		echo "ok - tree/$BASE is exported to series/$BASE" ||
		echo "not ok - tree/$BASE is exported to series/$BASE (run 'make export')"
		rm -rf "$tmp"
	fi

	echo "# upstream's test lint, on every test script"
	if make -C "$build/t" test-lint >"$log/test-lint.out" 2>&1
	then
		echo "ok - test-lint"
	else
		sed 's/^/	/' "$log/test-lint.out" | tail -n 20
		echo "not ok - test-lint (see $log/test-lint.out)"
	fi

	echo "# tests in Git's harness (logs: $log/t*.out)"
	added=$(git -C "$build" diff --name-only --diff-filter=A upstream HEAD -- 't/t[0-9]*.sh')
	(cd "$build/t" &&
	 { ls t0000-*.sh t60*.sh t61*.sh t66*.sh
	   # the usage strings against the manual (not in 2.39.5)
	   ls t0450-*.sh 2>/dev/null
	   for t in $added; do basename "$t"; done; } |
	 sort -u |
	 xargs -P "$jobs" -n 1 sh -c '
		if sh "$0" --verbose-log >"'"$log"'/${0%.sh}.out" 2>&1
		then
			echo "ok - $0"
		else
			echo "not ok - $0"
		fi')

	# The unit tests (t/unit-tests, clar) of the suites the series adds.
	suites=$(git -C "$build" diff --name-only --diff-filter=A upstream HEAD \
		 -- 't/unit-tests/u-*.c' | sed 's|.*/u-||; s|\.c$||')
	if test -n "$suites"
	then
		echo "# unit tests (log: $log/unit-tests.out)"
		if ${GIT_MAKE:-make DEVELOPER=1} -C "$build" t/unit-tests/bin/unit-tests \
			>"$log/unit-tests.out" 2>&1
		then
			for s in $suites
			do
				if "$build/t/unit-tests/bin/unit-tests" --run="$s" \
					>>"$log/unit-tests.out" 2>&1
				then
					echo "ok - unit tests: $s"
				else
					echo "not ok - unit tests: $s"
				fi
			done
		else
			echo "not ok - building the unit tests (see $log/unit-tests.out)"
		fi
	fi

	# The perf tests the series adds, once each, on the build's own
	# repository: that they run, not what they measure.
	for p in $(git -C "$build" diff --name-only --diff-filter=A upstream HEAD \
		   -- 't/perf/p[0-9]*.sh')
	do
		p=$(basename "$p")
		if (cd "$build/t/perf" && GIT_PERF_REPEAT_COUNT=1 sh "$p") \
			>"$log/${p%.sh}.out" 2>&1
		then
			echo "ok - $p runs (once)"
		else
			echo "not ok - $p runs (see $log/${p%.sh}.out)"
		fi
	done

	# Upstream's CI runs every test under settings a build need not
	# change: "set -e" (every linux job), the reftable backend, SHA-256
	# and the variables of its linux-TEST-vars job.  The series' tests
	# and upstream's of bisection run again under all of them at once
	# (the sanitizers need builds of their own: tests/variants.sh).
	echo "# the series' tests under upstream's CI settings (logs: $log/ci-settings/)"
	mkdir -p "$log/ci-settings"
	(cd "$build/t" &&
	 export GIT_TEST_USE_SET_E=yes GIT_TEST_DEFAULT_REF_FORMAT=reftable \
		GIT_TEST_DEFAULT_HASH=sha256 GIT_TEST_SPLIT_INDEX=yes \
		GIT_TEST_FULL_IN_PACK_ARRAY=true GIT_TEST_OE_SIZE=10 \
		GIT_TEST_OE_DELTA_SIZE=5 GIT_TEST_COMMIT_GRAPH=1 \
		GIT_TEST_COMMIT_GRAPH_CHANGED_PATHS=1 \
		GIT_TEST_MULTI_PACK_INDEX=1 \
		GIT_TEST_MULTI_PACK_INDEX_WRITE_INCREMENTAL=1 \
		GIT_TEST_NO_WRITE_REV_INDEX=1 GIT_TEST_CHECKOUT_WORKERS=2 \
		GIT_TEST_PACK_USE_BITMAP_BOUNDARY_TRAVERSAL=1 &&
	 { ls t6002-*.sh t6030-*.sh
	   for t in $added; do basename "$t"; done; } |
	 sort -u |
	 xargs -P "$jobs" -n 1 sh -c '
		if sh "$0" --verbose-log >"'"$log"'/ci-settings/${0%.sh}.out" 2>&1
		then
			echo "ok - $0 under upstream'"'"'s CI settings"
		else
			echo "not ok - $0 under upstream'"'"'s CI settings"
		fi')

	# Debian's asciidoc breaks under a python3 other than the system's.
	echo "# documentation (log: $log/doc.out)"
	if (cd "$build/Documentation" &&
	    PATH=/usr/bin:$PATH make git-bisect.1 git-bisect.html \
			git-rev-list.1 git-rev-list.html \
			technical/bisect-stochastic.html lint-docs) \
		>"$log/doc.out" 2>&1 &&
	   ! grep -i -E 'warn|error' "$log/doc.out"
	then
		echo "ok - documentation builds without warnings; lint-docs"
	else
		echo "not ok - documentation builds without warnings; lint-docs"
	fi

	echo "# evaluation subset: accuracy and tests against the bound"
	"$top/bench/evaluate.py" --quick --git-dir "$build" 2>&1 |
		tee "$log/evaluate.out"

	echo "# differential"
	if "$top/tests/differential.sh" "$build/bin-wrappers/git" \
		"$PRISTINE_GIT" >"$log/differential.out" 2>&1
	then
		cat "$log/differential.out"
		echo "ok - normal mode is byte-identical to $PRISTINE_GIT"
	else
		tail -n 20 "$log/differential.out"
		echo "not ok - normal mode is byte-identical to $PRISTINE_GIT" \
			"(see $log/differential.out)"
	fi
} | tee "$log/summary"

passed=$(grep -c '^ok ' "$log/summary")
failed=$(grep -c '^not ok ' "$log/summary")
# A check that died without reporting must not pass unnoticed.
grep -q "byte-identical to" "$log/summary" || failed=$((failed + 1))
# evaluate.py --quick first prints its plan, "1..<number of checks>".
plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' "$log/evaluate.out")
test -n "$plan" && test "$(grep -c '^ok ' "$log/evaluate.out")" = "$plan" ||
	failed=$((failed + 1))
echo "$passed passed, $failed failed"
test "$failed" = 0
