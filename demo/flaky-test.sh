#!/bin/sh
# The demo's flaky test: it fails only on commits that contain
# $DEMO_CULPRIT, and there only with probability $DEMO_PERCENT/100, as a
# race would.  A linear congruential generator seeded with $DEMO_SEED,
# its state in $DEMO_STATE, decides each run, so that a seed always
# replays the same story.  With $DEMO_FLAKE, it also fails that many
# times in 100 on any commit, for a reason of its own (an unrelated
# flake); without $DEMO_CULPRIT there is no bug at all.  Every run is
# logged to $DEMO_RUNS.  With
# $DEMO_STOP_AT, the run after that many exits 255 instead, which stops
# "git bisect run" as an interruption would.  Run by "git bisect run
# --jobs", it tests $GIT_BISECT_COMMIT, the runs take turns at the
# generator, and each takes $DEMO_SLEEP seconds (as a real test would).

if test -n "$DEMO_STOP_AT" &&
   test "$(cat "$DEMO_RUNS" 2>/dev/null | wc -l)" -ge "$DEMO_STOP_AT"
then
	exit 255
fi

rev=${GIT_BISECT_COMMIT:-BISECT_HEAD}
while ! mkdir "$DEMO_STATE.lock" 2>/dev/null
do
	sleep 0.01
done
trap 'rmdir "$DEMO_STATE.lock"' EXIT

state=$(cat "$DEMO_STATE" 2>/dev/null || echo "$DEMO_SEED")
state=$(( (state * 1103515245 + 12345) % 2147483648 ))
echo "$state" >"$DEMO_STATE"

# The flake draws a number of its own, after the bug's: were they the
# same, a bad commit would fail max(PERCENT, FLAKE) times in 100, not
# 100 - (100 - PERCENT) * (100 - FLAKE) / 100.
flake=100
if test "${DEMO_FLAKE:-0}" -gt 0
then
	flake_state=$(( (state * 1103515245 + 12345) % 2147483648 ))
	flake=$(( (flake_state / 65536) % 100 ))
	echo "$flake_state" >"$DEMO_STATE"
fi

commit=$(git rev-parse --short $rev)
subject=$(git log -1 --format=%s $rev)
if { test -n "$DEMO_CULPRIT" &&
     git merge-base --is-ancestor "$DEMO_CULPRIT" $rev &&
     test $(( (state / 65536) % 100 )) -lt "$DEMO_PERCENT"; } ||
   test "$flake" -lt "${DEMO_FLAKE:-0}"
then
	result=FAIL
else
	result=pass
fi
echo "$commit $result" | tr A-Z a-z >>"$DEMO_RUNS"
printf '  test %3d: %s (%s): %s\n' \
	"$(wc -l <"$DEMO_RUNS")" "$commit" "$subject" $result >&2
rmdir "$DEMO_STATE.lock"
trap - EXIT
test -z "$DEMO_SLEEP" || sleep "$DEMO_SLEEP"
test $result = pass
