#!/bin/sh
# Usage: make-tree.sh [--refresh] <dir>
#
# Make <dir> a Git repository holding the pristine upstream release of the
# base (see base.sh) as one commit (tagged "upstream") with its series
# applied on top, one commit per patch: the topics of series/<base>/, one
# directory each, in the order of their names, each ending at a branch
# topic/<name> (export-series.sh reads them back), the last at HEAD.
#
# Without --refresh an existing <dir> is an error, so that a developer's
# work is never overwritten.  With --refresh an existing tree is reset to
# "upstream" and the series applied again; untracked build products are
# kept and files that end up unchanged keep their timestamps, so the next
# build is incremental.
#
# Prints one line (and the tarball's, see fetch-upstream.sh); what tar and
# Git print goes to build/<base>/logs/make-tree-<name of dir>.log, whose
# end is shown if something fails.  A new <dir> records the sha256 of
# upstream.conf in <dir>/.git/upstream-conf.

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
. "$top/scripts/log.sh"

refresh=
if test "$1" = --refresh
then
	refresh=t
	shift
fi
dir=$1
test -n "$dir" || { echo >&2 "usage: $0 [--refresh] <dir>"; exit 2; }

# The tree's history must not depend on who builds it or when.
git_fixed () {
	GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null \
	GIT_AUTHOR_NAME='Git upstream' GIT_AUTHOR_EMAIL='git@vger.kernel.org' \
	GIT_AUTHOR_DATE='2024-11-26 00:00:00 +0000' \
	GIT_COMMITTER_NAME='stochastic-bisect series' \
	GIT_COMMITTER_EMAIL='series@localhost' \
	GIT_COMMITTER_DATE='2024-11-26 00:00:00 +0000' \
	git -C "$dir" "$@"
}

# The topics, and the number of patches (the cover letters have no diff).
topics=
nr=0
for t in "$SERIES"/*/
do
	test -d "$t" || continue
	topics="$topics $(basename "$t")"
	nr=$((nr + $(ls "$t" | grep -c -v '^0000-cover-letter\.patch$')))
done
what="$nr patches of series/$BASE"
log=$BASE_BUILD/logs/make-tree-$(basename "$dir").log

if test -d "$dir/.git"
then
	if test -z "$refresh"
	then
		echo >&2 "error: $dir already exists; not overwriting it."
		echo >&2 "Commit or export your work, then remove $dir to start afresh."
		exit 1
	fi
	log_to "$log" "Re-applying the $what in $dir"
	git_fixed am --abort >/dev/null 2>&1 || :
	git_fixed checkout -q -B series upstream
	git_fixed reset -q --hard upstream
	git_fixed for-each-ref --format='delete %(refname)' refs/heads/topic/ |
		git_fixed update-ref --stdin
else
	tarball=$("$top/scripts/fetch-upstream.sh")
	log_to "$log" "Creating $dir: Git $UPSTREAM_VERSION and the $what"
	mkdir -p "$dir"
	tar -C "$dir" --strip-components=1 -xJf "$tarball"
	# The checksum says which file this is; its version file must agree.
	version=$(cat "$dir/version" 2>/dev/null)
	if test "$version" != "$UPSTREAM_VERSION"
	then
		echo >&2 "error: $tarball says version '$version', not $UPSTREAM_VERSION"
		exit 1
	fi
	git_fixed init -q -b series
	git_fixed add -A
	git_fixed commit -q -m "Import Git $UPSTREAM_VERSION

Pristine git-$UPSTREAM_VERSION.tar.xz, sha256 $UPSTREAM_SHA256."
	git_fixed tag upstream
	sha256sum <"$SERIES/upstream.conf" >"$dir/.git/upstream-conf"
fi

# The committer is fixed, the author and dates come from the patches.
for t in $topics
do
	set --
	for patch in "$SERIES/$t"/*.patch
	do
		case "$patch" in
		*/0000-cover-letter.patch) ;;
		*) set -- "$@" "$patch" ;;
		esac
	done
	GIT_COMMITTER_DATE= git_fixed -c user.name='stochastic-bisect series' \
		-c user.email=series@localhost am -q --committer-date-is-author-date "$@"
	git_fixed branch -f "topic/$t"
done
