#!/bin/sh
#
# Build Git's oss-fuzz targets for stochastic bisection with clang,
# libFuzzer, ASan and UBSan, and run each for a fixed number of inputs.
#
# usage: fuzz.sh <git-source-tree> [<build-dir>]      (make fuzz)
#
# The source tree is copied to <build-dir> (default build/<base>/fuzz)
# and built there, so that its own objects, built with another compiler
# and other flags, are left alone.
# Keep <build-dir> between runs for an incremental build: tar keeps the
# modification times, and make rebuilds only what changed.
#
# Environment:
#   FUZZ_JOBS            parallel make jobs (default: nproc)
#   DECIMAL_PROB_RUNS    inputs for fuzz-decimal-prob (default 2000000)
#   BISECT_STATE_RUNS    inputs for fuzz-bisect-state (default 200000)
#   FUZZ_SEED            libFuzzer's random seed (default 1: reproducible)
#   FUZZ_OPT             optimization flag of the build (default -O0)
#
# Needs clang and libFuzzer (Debian: clang libclang-rt-dev); run as root
# it installs them with apt-get if they are missing.  Exits non-zero, with
# the crashing input saved under <build-dir>/fuzz-artifacts/, if a target
# crashes, leaks, trips a sanitizer or breaks one of its own checks.

set -e

die () {
	echo >&2 "fuzz.sh: FAILED: $*"
	exit 1
}

# Show each command on the original standard output, even when the
# command's own output goes to a log.
exec 3>&1
run () {
	printf '+' >&3
	printf " '%s'" "$@" >&3
	echo >&3
	"$@"
}

test $# -ge 1 && test $# -le 2 ||
	die "usage: fuzz.sh <git-source-tree> [<build-dir>]"
tree=$(cd "$1" && pwd) || die "no such directory: $1"
test -f "$tree/oss-fuzz/fuzz-decimal-prob.c" &&
test -f "$tree/oss-fuzz/fuzz-bisect-state.c" ||
	die "$tree has no oss-fuzz/fuzz-decimal-prob.c or fuzz-bisect-state.c"
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
build=${2:-$BASE_BUILD/fuzz}
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
decimal_runs=${DECIMAL_PROB_RUNS:-2000000}
state_runs=${BISECT_STATE_RUNS:-200000}
seed=${FUZZ_SEED:-1}
start=$(date +%s)

# Can clang build and link a libFuzzer target with the sanitizers?
probe_libfuzzer () {
	probe=$(mktemp -d) &&
	printf '%s\n' '#include <stdint.h>' '#include <stddef.h>' \
		'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
		'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)' \
		'{ (void)d; (void)n; return 0; }' >"$probe/probe.c" &&
	clang -fsanitize=fuzzer,address,undefined "$probe/probe.c" \
		-o "$probe/probe" >/dev/null 2>&1 &&
	"$probe/probe" -runs=10 >/dev/null 2>&1
	status=$?
	rm -rf "$probe"
	return $status
}

if ! probe_libfuzzer
then
	"$(dirname "$0")/install-deps.sh" clang libclang-rt-dev ||
	die "clang and libFuzzer are missing"
	probe_libfuzzer ||
	die "clang cannot build a libFuzzer target (apt-get install clang libclang-rt-dev)"
fi
echo "using $(clang --version | head -n 1)"

# A copy of the source tree: what git tracks or would track, as it is in
# the work tree, or everything but the build products of a plain tree.
mkdir -p "$build"
if git -C "$tree" rev-parse --is-inside-work-tree >/dev/null 2>&1
then
	(cd "$tree" &&
	 git ls-files -z --cached --others --exclude-standard |
	 tar --null --ignore-failed-read -T - -cf -) |
	tar -C "$build" -xf - ||
	die "could not copy $tree to $build"
else
	(cd "$tree" &&
	 tar --exclude=.git --exclude='*.o' --exclude='*.a' -cf - .) |
	tar -C "$build" -xf - ||
	die "could not copy $tree to $build"
fi

# The example of the Makefile's "Fuzz testing" section, with UBSan
# added and made fatal; the defines are the ones its SANITIZE=undefined
# sets, for the unaligned loads UBSan would report elsewhere in Git.
# Perl, Python, Tcl/Tk, gettext and curl are not needed by any target.
# -O0 compiles libgit.a about twice as fast as -O1 on two cores, which
# more than pays for the slower runs: a build from scratch and the runs
# take about 4 minutes instead of 5.
fuzz_cflags="-g ${FUZZ_OPT:--O0} -fno-omit-frame-pointer"
fuzz_cflags="$fuzz_cflags -fsanitize=fuzzer-no-link,address,undefined"
fuzz_cflags="$fuzz_cflags -fno-sanitize-recover=undefined"
fuzz_cflags="$fuzz_cflags -DSHA1DC_FORCE_ALIGNED_ACCESS -DNO_UNALIGNED_LOADS"
run make -C "$build" -j"$jobs" CC=clang CXX=clang++ \
	CFLAGS="$fuzz_cflags" LIB_FUZZING_ENGINE=-fsanitize=fuzzer \
	NO_PERL=YesPlease NO_PYTHON=YesPlease NO_TCLTK=YesPlease \
	NO_GETTEXT=YesPlease NO_CURL=YesPlease NO_EXPAT=YesPlease \
	oss-fuzz/fuzz-decimal-prob oss-fuzz/fuzz-bisect-state \
	>"$build/fuzz-build.log" 2>&1 ||
	{ tail -n 30 "$build/fuzz-build.log"; die "build failed, see $build/fuzz-build.log"; }
built=$(date +%s)
echo "built in $((built - start))s"

# Seed corpora and dictionaries, rewritten on every run.
work="$build/fuzz-work"
rm -rf "$work"
mkdir -p "$work/decimal-prob-seeds" "$work/decimal-prob-corpus" \
	"$work/bisect-state-seeds" "$work/bisect-state-corpus" \
	"$build/fuzz-artifacts"

i=0
for s in 0.7 .7 1 1. 1.0 0 0.5 0.95 00.25 0.999999999 0.000000001 \
	0.123456789000 1.000000000000 0.1234567891 2 -0.7 1e-1 nan
do
	i=$((i + 1))
	printf '%s' "$s" >"$work/decimal-prob-seeds/seed-$i"
done
cat >"$work/decimal-prob.dict" <<-\EOF
	"0."
	"1."
	"."
	"000000000"
	"999999999"
EOF

sha1=0123456789abcdef0123456789abcdef01234567
sha256=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
seeds="$work/bisect-state-seeds"
printf '' >"$seeds/empty"
printf '\n' >"$seeds/blank-line"
printf '%s g 0.7\n' $sha1 >"$seeds/sha1-good"
printf '%s b 0.999999999\n%s g 0.6\n%s b 0.8\n' $sha1 $sha1 $sha1 \
	>"$seeds/sha1-several"
printf '%s g 0.7\n%s b 0.95\n' $sha256 $sha256 >"$seeds/sha256"
printf '%s g 0.7' $sha1 >"$seeds/no-newline"
printf '%s x 0.7\n' $sha1 >"$seeds/bad-verdict"
printf '%s g 0.5\n' $sha1 >"$seeds/bad-confidence"
printf '%s g 1\n' $sha1 >"$seeds/certain"
printf '%s g auto\n%s b 1\n' $sha1 $sha1 >"$seeds/learned"
cat >"$work/bisect-state.dict" <<-EOF
	" g "
	" b "
	" x "
	"0."
	"1"
	"auto"
	"\\x0a"
	"\\x00"
	"$sha1"
	"$sha256"
EOF

# Run one target from scratch for a fixed number of inputs with a fixed
# seed, so that a run is reproducible.
fuzz () {
	name=$1 runs=$2 max_len=$3
	run "$build/oss-fuzz/fuzz-$name" -runs="$runs" -seed="$seed" \
		-max_len="$max_len" -dict="$work/$name.dict" \
		-artifact_prefix="$build/fuzz-artifacts/$name-" \
		-print_final_stats=1 \
		"$work/$name-corpus" "$work/$name-seeds" \
		>"$work/$name.log" 2>&1 ||
	{
		tail -n 40 "$work/$name.log"
		die "fuzz-$name crashed; log $work/$name.log, input in $build/fuzz-artifacts/"
	}
	grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "$work/$name.log"
	echo "fuzz-$name: $runs runs, no crash"
}

fuzz decimal-prob "$decimal_runs" 128
fuzz bisect-state "$state_runs" 2048

end=$(date +%s)
echo "fuzz.sh: OK: build $((built - start))s, fuzzing $((end - built))s, total $((end - start))s"
