#!/bin/sh
# Usage: check-bases.sh <tree-2.55.0> <tree-2.39.5>
#
# The series is written on Git 2.55.0; the one on 2.39.5 must be its
# product, not a second copy that drifts.  For two trees made by
# make-tree.sh, check that
#
#  - both have the same topics, with the same patches (subjects) in the
#    same order, except the patches only one base needs, named below;
#  - every file the 2.55.0 series adds is, on 2.39.5, exactly what
#    scripts/backport.py makes of it (the named differences between the
#    two releases: renamed APIs, split headers, quoted terms, test_grep);
#    the 2.39.5 series adds no other file (but for the unit tests it
#    carries as a test script, named below);
#  - and so is it in every patch, against the 2.55.0 patch of the same
#    subject (scripts/carry-back.py --dry-run);
#
#  - the documentation of stochastic bisection (git-bisect's section,
#    what rev-list-options gains) is on 2.39.5 what backport.py makes
#    of it.
#
# The rest of what the two series change in upstream's own files
# differs in shape (builtin/bisect.c on 2.55.0, git-bisect.sh and
# bisect--helper on 2.39.5; the synopsis and option lists of the
# documentation) and is checked by each base's tests, not here.
#
# Prints one "ok"/"not ok" line per check and exits non-zero if any fails.

top=$(cd "$(dirname "$0")/.." && pwd)
new=$1
old=$2
test -d "$new/.git" && test -d "$old/.git" ||
	{ echo >&2 "usage: $0 <tree-2.55.0> <tree-2.39.5>"; exit 2; }
failed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Patches only 2.39.5 needs: a fix to its build, which 2.55.0 has no
# use for (see the fixes topic's cover letter).
only_old='oss-fuzz: link the fuzz targets like the other programs'

# What 2.39.5 calls a file the 2.55.0 series adds, nothing for one it
# does not carry (backport.py says which and why).
old_path () {
	"$top/scripts/backport.py" --path "$1"
}

# Unit tests: 2.39.5 has no t/unit-tests (clar), so the fixed-point
# helpers that u-fixedpoint.c tests there are tested through test-tool
# and a test script.
only_old_files='t/helper/test-fixedpoint.c
t/t0072-fixedpoint.sh'

subjects () {
	prev=upstream
	for t in $(git -C "$1" for-each-ref --format='%(refname:lstrip=2)' \
		   'refs/heads/topic/')
	do
		git -C "$1" log --reverse --format="$t: %s" "$prev..$t"
		prev=$t
	done
}
subjects "$new" >"$tmp/new"
subjects "$old" | while IFS= read -r line
do
	printf '%s\n' "$only_old" | grep -q -F -x "${line#*: }" || printf '%s\n' "$line"
done >"$tmp/old"
diff -u "$tmp/new" "$tmp/old" >"$tmp/subjects.diff"
ret=$?
test $ret = 0 || sed 's/^/	/' "$tmp/subjects.diff" | head -n 20
if test $ret = 0 && test -s "$tmp/new"
then
	echo "ok - the same topics and patches on both bases"
else
	echo "not ok - the same topics and patches on both bases"
	failed=1
fi

git -C "$new" diff --name-only --diff-filter=A upstream HEAD >"$tmp/added"
ret=0
while read -r f
do
	case "$f" in *.png|*.gz) continue ;; esac
	g=$(old_path "$f") || continue
	git -C "$new" show "HEAD:$f" | "$top/scripts/backport.py" "$f" >"$tmp/want"
	if ! git -C "$old" show "HEAD:$g" >"$tmp/have" 2>/dev/null
	then
		echo "	$g: missing on 2.39.5"
		ret=1
	elif ! diff -u "$tmp/want" "$tmp/have" >"$tmp/file.diff"
	then
		echo "	$g differs from scripts/backport.py's product:"
		sed 's/^/	/' "$tmp/file.diff" | head -n 20
		ret=1
	fi
	echo "$g" >>"$tmp/expected"
done <"$tmp/added"
# and the files of the patches only 2.39.5 needs
printf '%s\n' "$only_old_files" >>"$tmp/expected"
printf '%s\n' "$only_old" | while IFS= read -r subject
do
	c=$(git -C "$old" log --format=%H -F --grep="$subject" upstream..HEAD | head -n 1)
	test -z "$c" || git -C "$old" show --format= --name-only --diff-filter=A "$c"
done >>"$tmp/expected"
git -C "$old" diff --name-only --diff-filter=A upstream HEAD |
	grep -v -F -x -f "$tmp/expected" | sed 's/^/	only on 2.39.5: /' >"$tmp/extra"
test -s "$tmp/extra" && { cat "$tmp/extra"; ret=1; }
if test $ret = 0
then
	echo "ok - every file the series adds is on 2.39.5 what scripts/backport.py makes of it"
else
	echo "not ok - every file the series adds is on 2.39.5 what scripts/backport.py makes of it"
	failed=1
fi
# And not only at the tip: every patch of 2.39.5 holds, of those files,
# what backport.py makes of the 2.55.0 patch of the same subject, so that
# the 2.39.5 series bisects as the 2.55.0 one does ("make carry-back"
# makes it so).
if out=$("$top/scripts/carry-back.py" --dry-run "$new" "$old" 2>&1) &&
   test -z "$out"
then
	echo "ok - every patch of 2.39.5 carries the added files of its 2.55.0 patch"
else
	printf '%s\n' "$out" | head -n 20 | sed 's/^/	/'
	echo "not ok - every patch of 2.39.5 carries the added files of its 2.55.0 patch"
	failed=1
fi

# The documentation: git-bisect's "Stochastic bisection" section, and
# what the series adds to rev-list-options, are on 2.39.5 what
# backport.py makes of them.  The synopsis and the option list follow
# each release's own markup (2.55.0's [synopsis] and `--option`:: with
# indented bodies) and are kept in step by hand.
section () {
	awk -v title="$1" '
		/^~+$/ && in_section && prev != title { exit }
		NR > 1 && in_section { print prev }
		$0 == title { in_section = 1 }
		{ prev = $0 }
	'
}
added () {
	git -C "$1" diff -U0 upstream HEAD -- "$2" | sed -n 's/^+\([^+]\|$\)/\1/p'
}
git -C "$new" show HEAD:Documentation/git-bisect.adoc | section "Stochastic bisection" |
	"$top/scripts/backport.py" Documentation/git-bisect.adoc >"$tmp/want"
git -C "$old" show HEAD:Documentation/git-bisect.txt | section "Stochastic bisection" >"$tmp/have"
added "$new" Documentation/rev-list-options.adoc |
	"$top/scripts/backport.py" Documentation/rev-list-options.adoc >>"$tmp/want"
added "$old" Documentation/rev-list-options.txt >>"$tmp/have"
if test "$(wc -l <"$tmp/want")" -gt 100 && diff -u "$tmp/want" "$tmp/have" >"$tmp/doc.diff"
then
	echo "ok - the documentation of stochastic bisection is on 2.39.5 what scripts/backport.py makes of it"
else
	sed 's/^/	/' "$tmp/doc.diff" | head -n 20
	echo "not ok - the documentation of stochastic bisection is on 2.39.5 what scripts/backport.py makes of it"
	failed=1
fi
exit $failed
