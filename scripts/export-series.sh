#!/bin/sh
# Usage: export-series.sh <tree> <outdir>
#
# Write the commits of <tree> on top of the "upstream" tag as a patch
# series in <outdir>, replacing the *.patch files there.  The output
# depends only on the commits and on the exporter's identity (user.name,
# user.email: the patches are theirs and sign off with it); the rest of
# the user's configuration is ignored, hashes are zeroed and index lines
# are full, so exporting the same series twice gives byte-identical files.

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

# Whoever exports the series sends it: with user.name and user.email set,
# every patch is written as theirs (author and date kept otherwise) and
# signs off with that identity, replacing the sign-off it had.  Without
# them (CI), the commits are exported as they are.  The rewritten commits
# only live in $tree's object store.
name=$(git -C "$tree" config user.name) &&
email=$(git -C "$tree" config user.email) || name=
head=$(git -C "$tree" rev-parse HEAD)
if test -n "$name"
then
	head=$(git -C "$tree" rev-parse upstream)
	for c in $(git -C "$tree" rev-list --reverse upstream..HEAD)
	do
		head=$(git -C "$tree" log -1 --format=%B "$c" |
		       git -C "$tree" interpret-trailers --if-exists replace \
			       --trailer "Signed-off-by: $name <$email>" |
		       GIT_AUTHOR_NAME=$name GIT_AUTHOR_EMAIL=$email \
		       GIT_AUTHOR_DATE=$(git -C "$tree" log -1 --format=%ad --date=raw "$c") \
		       GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$email \
		       GIT_COMMITTER_DATE=$(git -C "$tree" log -1 --format=%cd --date=raw "$c") \
		       git -C "$tree" commit-tree -p "$head" "$c^{tree}") ||
			exit 1
	done
fi

rm -f "$out"/*.patch
# The cover letter's "From:" and "Date:" are the committer's: take them
# from the last commit, so that they depend only on the series.
GIT_COMMITTER_NAME=$(git -C "$tree" log -1 --format=%an $head) \
GIT_COMMITTER_EMAIL=$(git -C "$tree" log -1 --format=%ae $head) \
GIT_COMMITTER_DATE=$(git -C "$tree" log -1 --format=%ad --date=raw $head) \
GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null \
git -C "$tree" -c core.abbrev=12 -c diff.renames=true -c diff.algorithm=myers \
	format-patch -q --zero-commit --no-signature --full-index \
	--no-attach --no-thread --numbered --cover-letter \
	-o "$out" upstream..$head

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
