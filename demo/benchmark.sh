#!/bin/sh
# The demo's benchmark: it prints how long a run took, in seconds, on its
# last line, as "git bisect run --measure" reads it.  A run takes 12 s
# with a spread of 0.6 s on a commit before $DEMO_CULPRIT and
# $DEMO_SLOWDOWN percent more (by default 5) on one that contains it;
# one run in twenty is an outlier 3 s off, a busy machine or a cold
# cache.  The generator of flaky-test.sh, seeded with $DEMO_SEED, its
# state in $DEMO_STATE, draws each run (a Gaussian as the sum of twelve
# uniform draws), so that a seed always replays the same story.  Every
# run is logged to $DEMO_RUNS.

rev=${GIT_BISECT_COMMIT:-BISECT_HEAD}
state=$(cat "$DEMO_STATE" 2>/dev/null || echo "$DEMO_SEED")
draws=
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14
do
	state=$(( (state * 1103515245 + 12345) % 2147483648 ))
	draws="$draws $(( (state / 65536) % 10000 ))"
done
echo "$state" >"$DEMO_STATE"

slow=0
if test -n "$DEMO_CULPRIT" &&
   git merge-base --is-ancestor "$DEMO_CULPRIT" $rev
then
	slow=${DEMO_SLOWDOWN:-5}
fi
seconds=$(echo $draws | awk -v slow="$slow" '{
	z = -6
	for (i = 1; i <= 12; i++)
		z += $i / 10000
	t = 12 * (1 + slow / 100) + 0.6 * z
	if ($13 < 500)
		t += $14 < 5000 ? 3 : -3
	printf "%.3f\n", t
}')
commit=$(git rev-parse --short $rev)
echo "$commit $seconds" >>"$DEMO_RUNS"
printf '  run %3d: %s (%s): %s s\n' "$(wc -l <"$DEMO_RUNS")" "$commit" \
	"$(git log -1 --format=%s $rev)" "$seconds" >&2
echo "$seconds"
