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
#  - the record of the sanitizer runs (tests/variants.sh), where the base
#    has one, is of this series and shows no failure;
#  - every patch is clean under "git diff --check";
#  - no patch modifies or deletes an upstream test script;
#  - every patch builds with DEVELOPER=1 (warnings are errors), built in
#    build/<base>/series one patch after the other, incrementally; with
#    CHECK_SERIES_BUILDS=no (CI on the second base, for time) this one is
#    skipped and says so.
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

# Upstream CI's sanitizer jobs need builds of their own: tests/variants.sh
# runs them before a change lands, and its record must be of this series
# and clean.
record=$top/tests/recorded/variants-$BASE.txt
if test -f "$record"
then
	test "$(sed -n 's/^series tree //p' "$record")" = \
		"$(git -C "$tree" rev-parse HEAD^{tree})" &&
	! grep -v -e '^series tree ' -e ' [1-9][0-9]* passed, 0 failed$' "$record"
	report $? "tests/recorded/variants-$BASE.txt: the sanitizer runs are of this series and pass (tests/variants.sh)"
fi

commits=$(git -C "$tree" rev-list --reverse upstream..HEAD)
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

if test "$CHECK_SERIES_BUILDS" = no
then
	echo "ok - every patch builds with DEVELOPER=1 # SKIP CHECK_SERIES_BUILDS=no"
	exit $failed
fi

# One work tree, moved from commit to commit, so that every step only
# rebuilds what the patch touched.
series=$BASE_BUILD/series
if ! test -d "$series"
then
	git -C "$tree" worktree prune
	git -C "$tree" worktree add -q --detach "$series" upstream
fi
for c in $(git -C "$tree" rev-parse upstream) $commits
do
	subject=$(git -C "$tree" log -1 --format=%s "$c")
	git -C "$series" checkout -q --detach "$c" &&
	make -C "$series" -j"${JOBS:-2}" DEVELOPER=1 all >"$tmp/build.log" 2>&1
	ret=$?
	test $ret = 0 || grep -E 'error|warning' "$tmp/build.log" | head -n 20 | sed 's/^/	/'
	report $ret "builds with DEVELOPER=1: $subject"
done

exit $failed
