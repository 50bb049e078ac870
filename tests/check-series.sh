#!/bin/sh
# Usage: check-series.sh <tree>
#
# Series hygiene, for <tree> as made by scripts/make-tree.sh from the
# series of the base (so every patch applied with "git am"):
#
#  - series/<base> is exactly what exporting <tree> writes: upstream.conf
#    and a directory of patches per topic, each with a cover letter whose
#    subject and text are filled in;
#  - every patch signs off with the identity of its author;
#  - the record of the checks run before a change lands
#    (tests/variants.sh) is of this series and shows no failure: every
#    patch builds with DEVELOPER=1, one after the other, and the series'
#    tests pass under the sanitizers the base lists;
#  - every patch is clean under "git diff --check";
#  - no patch modifies or deletes an upstream test script.
#
# Prints one "ok"/"not ok" line per check and exits non-zero if any fails.

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
tree=$1
failed=0

report () {
	if test "$1" = 0
	then
		echo "ok - $2"
	else
		echo "not ok - $2"
		failed=1
	fi
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Nothing else: no patch outside a topic, nothing but patches in one.
if "$top/scripts/export-series.sh" "$tree" "$tmp/patches" &&
   diff -r -x upstream.conf "$SERIES" "$tmp/patches" >"$tmp/export.diff" 2>&1
then
	(cd "$SERIES" && ls -d -- * */*) |
	grep -v -e '^upstream\.conf$' -e '^[0-9][0-9]-[a-z0-9-]*$' \
		-e '^[0-9][0-9]-[a-z0-9-]*/[0-9][0-9][0-9][0-9]-.*\.patch$' >"$tmp/stray"
	sed 's/^/	not in a topic: /' "$tmp/stray"
	! test -s "$tmp/stray"
else
	false
fi
ret=$?
test $ret = 0 || sed 's/^/	/' "$tmp/export.diff" | head -n 20
report $ret "series/$BASE equals a fresh export of the series (run 'make export')"

ret=0
for topic in "$SERIES"/*/
do
	cover=${topic}0000-cover-letter.patch
	test -f "$cover" && ! grep -q '\*\*\* \(SUBJECT\|BLURB\) HERE \*\*\*' "$cover" ||
	{ echo "	$cover"; ret=1; }
done
report $ret "every topic has a cover letter with a subject and a text"

# Whoever sends a patch signs it off (SubmittingPatches): its last
# Signed-off-by is its author, as "git mailinfo" reads the From: header.
ret=0
for p in "$SERIES"/*/0*.patch
do
	case "$p" in */0000-cover-letter.patch) continue ;; esac
	author=$(git mailinfo "$tmp/msg" "$tmp/patch" <"$p" |
		 sed -n -e 's/^Author: //p' -e 's/^Email: \(.*\)/<\1>/p' |
		 paste -s -d " " -)
	signoff=$(sed -n 's/^Signed-off-by: //p' "$tmp/msg" | tail -n 1)
	if test -z "$signoff" || test "$signoff" != "$author"
	then
		echo "	${p##*/}: From: $author; Signed-off-by: $signoff"
		ret=1
	fi
done
report $ret "every patch signs off with the identity of its author"

# Building every patch and upstream CI's sanitizer jobs take too long
# for "make test": tests/variants.sh runs them before a change lands,
# and its record must be of this series, every patch of it, and clean.
record=$top/tests/recorded/variants-$BASE.txt
name="tests/recorded/variants-$BASE.txt (make variants)"
commits=$(git -C "$tree" rev-list --reverse upstream..HEAD)
test "$(sed -n 's/^series tree //p' "$record" 2>/dev/null)" = \
	"$(git -C "$tree" rev-parse HEAD^{tree})"
report $? "$name is of this series"
case " $VARIANTS " in
*" builds "*)
	for c in upstream $commits
	do
		echo "builds $(git -C "$tree" rev-parse "$c^{tree}") built:" \
			"$(git -C "$tree" log -1 --format=%s "$c")"
	done >"$tmp/builds"
	grep '^builds ' "$record" 2>/dev/null |
	diff "$tmp/builds" - >"$tmp/builds.diff"
	ret=$?
	test $ret = 0 || sed 's/^/	/' "$tmp/builds.diff" | head -n 20
	report $ret "every patch builds with DEVELOPER=1: $name"
	;;
*)
	echo "ok - every patch builds with DEVELOPER=1 # SKIP not recorded on $BASE (VARIANTS)"
	;;
esac
for variant in $VARIANTS
do
	test "$variant" = builds && continue
	grep "^$variant " "$record" >"$tmp/variant" 2>/dev/null &&
	! grep -v ' [1-9][0-9]* passed, 0 failed$' "$tmp/variant"
	report $? "the series' tests pass with SANITIZE=$variant: $name"
done

for c in $commits
do
	subject=$(git -C "$tree" log -1 --format=%s "$c")

	git -C "$tree" diff --check "$c^" "$c" >"$tmp/check" 2>&1
	ret=$?
	test $ret = 0 || sed 's/^/	/' "$tmp/check" | head -n 20
	report $ret "whitespace clean: $subject"

	changed=$(git -C "$tree" diff --name-only --diff-filter=MDRTC upstream "$c" -- \
		't/t[0-9]*.sh' 't/lib-*.sh' 't/test-lib*.sh')
	test -z "$changed" || echo "	modified: $changed"
	test -z "$changed"
	report $? "no upstream test touched: $subject"
done

exit $failed
