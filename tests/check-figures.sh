#!/bin/sh
# Usage: check-figures.sh
#
# The figures that README.md and the cover letters of series/<base>/
# quote must be the measured ones: every number with a decimal point in
# their prose and tables (not in the examples of a command's output,
# which are indented) must be one that bench/RESULTS.md holds, the
# file "make evaluate" and "make bench" write.  A figure typed by hand,
# or left behind when the measurement changed, fails.  (Integers and
# percentages are not checked: too many of them are not measurements.)
#
# Prints one "ok"/"not ok" line per file and exits non-zero if any fails.

top=$(cd "$(dirname "$0")/.." && pwd)
results=$top/bench/RESULTS.md
failed=0

# The decimal numbers of a Markdown file's prose and tables, or of a
# cover letter's text (from its Subject: to its shortlog), one per line.
figures () {
	case "$1" in
	*.patch)
		awk '/^Subject: / { text = 1 }
		     text && /^[^ ].* \([0-9]+\):$/ { exit }
		     text && !/^ / { print }' "$1" ;;
	*)
		awk '/^```/ { fence = !fence; next }
		     !fence && !/^    / { print }' "$1" ;;
	esac |
	grep -o '[0-9][0-9]*\.[0-9][0-9]*' | sort -u
}

# The decimal numbers RESULTS.md holds, as words.
grep -o '[0-9][0-9]*\.[0-9][0-9]*' "$results" | sort -u >"${TMPDIR:-/tmp}/figures.$$"
trap 'rm -f "${TMPDIR:-/tmp}/figures.$$"' EXIT

for file in "$top/README.md" "$top"/series/*/*/0000-cover-letter.patch
do
	name=${file#$top/}
	missing=$(figures "$file" | grep -v -x -F -f "${TMPDIR:-/tmp}/figures.$$" |
		  grep -v -x -e '2\.39\.5' -e '2\.55\.0' -e '2\.54\.0' -e '2\.39\.0')
	if test -z "$missing"
	then
		echo "ok - $name quotes only measured figures"
	else
		echo "not ok - $name quotes figures bench/RESULTS.md does not hold:" $missing
		failed=1
	fi
done
exit $failed
