#!/bin/sh
# Usage: export-series.sh <tree> <outdir>
#
# Write the commits of <tree> on top of the "upstream" tag as a patch
# series in <outdir>, replacing the *.patch files there.  The output
# depends only on the commits: the user's configuration is ignored, hashes
# are zeroed and index lines are full, so exporting the same series twice
# gives byte-identical files.

set -e
tree=$1
out=$2
test -n "$tree" && test -n "$out" ||
	{ echo >&2 "usage: $0 <tree> <outdir>"; exit 2; }
test -d "$tree/.git" ||
	{ echo >&2 "error: $tree is not a tree; run 'make tree' first"; exit 1; }

mkdir -p "$out"
out=$(cd "$out" && pwd)

# The cover letter's subject and text are kept from the series' own
# series/<base>/0000-cover-letter.patch (COVER_LETTER to take another);
# its shortlog and diffstat are regenerated.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
source_cover=${COVER_LETTER:-$SERIES/0000-cover-letter.patch}
cover=$out/0000-cover-letter.patch
subject='*** SUBJECT HERE ***'
printf '%s\n' '*** BLURB HERE ***' >"$out/.blurb"
if test -f "$source_cover"
then
	subject=$(sed -n 's/^Subject: \[PATCH [0-9]*\/[0-9]*\] //p' "$source_cover" | head -n 1)
	# from the line after the headers to the shortlog's "Author (N):"
	awk 'body && /^[^ ].* \([0-9]+\):$/ { exit }
	     body { print }
	     !body && /^$/ { body = 1 }' "$source_cover" >"$out/.blurb.new"
	mv "$out/.blurb.new" "$out/.blurb"
fi

rm -f "$out"/*.patch
# The cover letter's "From:" and "Date:" are the committer's: take them
# from the last commit, so that they depend only on the series.
GIT_COMMITTER_NAME=$(git -C "$tree" log -1 --format=%an) \
GIT_COMMITTER_EMAIL=$(git -C "$tree" log -1 --format=%ae) \
GIT_COMMITTER_DATE=$(git -C "$tree" log -1 --format=%ad --date=raw) \
GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null \
git -C "$tree" -c core.abbrev=12 -c diff.renames=true -c diff.algorithm=myers \
	format-patch -q --zero-commit --no-signature --full-index \
	--no-attach --no-thread --numbered --cover-letter \
	-o "$out" upstream..HEAD

# Put the subject and the text back in place of the placeholders.
awk -v subject="$subject" -v blurb="$out/.blurb" '
	/^Subject: / { sub(/\*\*\* SUBJECT HERE \*\*\*/, subject) }
	/^\*\*\* BLURB HERE \*\*\*$/ {
		n = 0
		while ((getline line <blurb) > 0)
			lines[++n] = line
		while (n > 0 && lines[n] == "")
			n--
		for (i = 1; i <= n; i++)
			print lines[i]
		next
	}
	{ print }' "$cover" >"$cover+" &&
mv "$cover+" "$cover"
rm -f "$out/.blurb"
