#!/bin/sh
# Usage: export-series.sh <tree> <outdir>
#
# Write the commits of <tree> on top of the "upstream" tag as patch
# series in <outdir>, one directory per topic, replacing the patches
# there.  The topics are the branches topic/<name> of <tree>, in the
# order of their names, each on top of the one before and the last at
# HEAD, as make-tree.sh makes them (keep them in step when rewriting
# the series, e.g. with "git rebase -i --update-refs").  Each topic's
# directory is "git format-patch --cover-letter" output for the commits
# between the topic before it (or upstream) and its branch.
#
# The output depends only on the commits and on the exporter's identity
# (user.name, user.email: the patches are theirs and sign off with it);
# the rest of the user's configuration is ignored, hashes are zeroed and
# index lines are full, so exporting the same series twice gives
# byte-identical files.

set -e
tree=$1
out=$2
test -n "$tree" && test -n "$out" ||
	{ echo >&2 "usage: $0 <tree> <outdir>"; exit 2; }
test -d "$tree/.git" ||
	{ echo >&2 "error: $tree is not a tree; run 'make tree' first"; exit 1; }

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
mkdir -p "$out"
out=$(cd "$out" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

topics=$(git -C "$tree" for-each-ref --format='%(refname:lstrip=3)' \
	 'refs/heads/topic/' | LC_ALL=C sort)
test -n "$topics" ||
	{ echo >&2 "error: $tree has no topic/<name> branches"; exit 1; }
prev=upstream
for t in $topics
do
	git -C "$tree" merge-base --is-ancestor "$prev" "topic/$t" ||
		{ echo >&2 "error: topic/$t is not on top of $prev"; exit 1; }
	prev=topic/$t
done
test "$(git -C "$tree" rev-parse "$prev")" = "$(git -C "$tree" rev-parse HEAD)" ||
	{ echo >&2 "error: HEAD is not at the last topic, $prev"; exit 1; }

# Whoever exports the series sends it: with user.name and user.email set,
# every patch is written as theirs (author and date kept otherwise) and
# signs off with that identity, replacing the sign-off it had.  Without
# them (CI), the commits are exported as they are.  The rewritten commits
# only live in $tree's object store; $tmp/map maps each commit to its
# rewrite.
name=$(git -C "$tree" config user.name) &&
email=$(git -C "$tree" config user.email) || name=
new=$(git -C "$tree" rev-parse upstream)
for c in $(git -C "$tree" rev-list --reverse upstream..HEAD)
do
	if test -n "$name"
	then
		new=$(git -C "$tree" log -1 --format=%B "$c" |
		      git -C "$tree" interpret-trailers --if-exists replace \
			      --trailer "Signed-off-by: $name <$email>" |
		      GIT_AUTHOR_NAME=$name GIT_AUTHOR_EMAIL=$email \
		      GIT_AUTHOR_DATE=$(git -C "$tree" log -1 --format=%ad --date=raw "$c") \
		      GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$email \
		      GIT_COMMITTER_DATE=$(git -C "$tree" log -1 --format=%cd --date=raw "$c") \
		      git -C "$tree" commit-tree -p "$new" "$c^{tree}")
	else
		new=$c
	fi
	echo "$c $new" >>"$tmp/map"
done
rewritten () {
	sed -n "s/^$(git -C "$tree" rev-parse "$1") //p" "$tmp/map"
}

# The cover letter's subject and text are kept from the topic's own
# series/<base>/<topic>/0000-cover-letter.patch; its shortlog and
# diffstat are regenerated.  Read them all before the old patches go.
for t in $topics
do
	cover=$SERIES/$t/0000-cover-letter.patch
	echo '*** SUBJECT HERE ***' >"$tmp/$t.subject"
	echo '*** BLURB HERE ***' >"$tmp/$t.blurb"
	test -f "$cover" || continue
	sed -n 's/^Subject: \[PATCH [0-9]*\/[0-9]*\] //p' "$cover" |
		head -n 1 >"$tmp/$t.subject"
	# from the line after the headers to the shortlog's "Author (N):"
	awk 'body && /^[^ ].* \([0-9]+\):$/ { exit }
	     body { print }
	     !body && /^$/ { body = 1 }' "$cover" >"$tmp/$t.blurb"
done

# export_topic <topic> <from> <to>: the commits from..to, as patches and
# a cover letter, in $out/<topic>.
export_topic () {
	mkdir -p "$out/$1"
	# The cover letter's "From:" and "Date:" are the committer's: take
	# them from the last commit, so that they depend only on the series.
	GIT_COMMITTER_NAME=$(git -C "$tree" log -1 --format=%an $3) \
	GIT_COMMITTER_EMAIL=$(git -C "$tree" log -1 --format=%ae $3) \
	GIT_COMMITTER_DATE=$(git -C "$tree" log -1 --format=%ad --date=raw $3) \
	GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null \
	git -C "$tree" -c core.abbrev=12 -c diff.renames=true \
		-c diff.algorithm=myers \
		format-patch -q --zero-commit --no-signature --full-index \
		--no-attach --no-thread --numbered --cover-letter \
		-o "$out/$1" "$2..$3"

	# Put the subject and the text in place of the placeholders.
	cover=$out/$1/0000-cover-letter.patch
	awk -v subject="$(cat "$tmp/$1.subject")" -v blurb="$tmp/$1.blurb" '
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
}

rm -f "$out"/*/*.patch
for dir in "$out"/*/
do
	rmdir "$dir" 2>/dev/null || :
done

prev=$(git -C "$tree" rev-parse upstream)
for t in $topics
do
	head=$(rewritten "topic/$t")
	export_topic "$t" "$prev" "$head"
	prev=$head
done
