#!/bin/sh
# Usage: check-figures.sh
#
# The figures that README.md and the cover letters of series/<base>/
# quote must be the measured ones: every number with a decimal point in
# their prose and tables (not in the examples of a command's output,
# which are indented) must be one that bench/RESULTS.md holds, the
# file "make evaluate" and "make bench" write, outside the sections
# measured on another base: a cover letter of series/<base>/ may not
# quote the step cost of the other release, nor the README, which
# speaks of the default base, that of 2.39.5.  A figure typed by hand,
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

# The decimal numbers RESULTS.md holds, as words, but for the sections
# measured on a base other than $1 ("## ... on Git <base> (...)").
measured () {
	awk -v base="$1" '
		/^## / { other = 0 }
		/^## .* on Git [0-9.]* \(`make bench/ {
			other = $0 !~ ("on Git " base " ")
		}
		!other' "$results" |
	grep -o '[0-9][0-9]*\.[0-9][0-9]*' | sort -u
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
default=$(cat "$top/series/default")

for file in "$top/README.md" "$top"/series/*/*/0000-cover-letter.patch
do
	name=${file#$top/}
	case "$name" in
	series/*) base=${name#series/}; base=${base%%/*} ;;
	*) base=$default ;;
	esac
	test -f "$tmp/$base" || measured "$base" >"$tmp/$base"
	missing=$(figures "$file" | grep -v -x -F -f "$tmp/$base" |
		  grep -v -x -e '2\.39\.5' -e '2\.55\.0' -e '2\.54\.0' -e '2\.39\.0')
	if test -z "$missing"
	then
		echo "ok - $name quotes only figures measured on $base"
	else
		echo "not ok - $name quotes figures bench/RESULTS.md does not hold for $base:" $missing
		failed=1
	fi
done
exit $failed
