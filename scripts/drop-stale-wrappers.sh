#!/bin/sh
# Usage: drop-stale-wrappers.sh <dir>
#
# Git writes <dir>/bin-wrappers/ once, naming the directory it was built
# in, and does not write them again when the directory is another one
# (a copied tree).  Wrappers that name another directory would run that
# one's Git in every test and check, so they are removed (not what Git
# tracks there, 2.55.0's wrap-for-bin.sh), for "make" to write them again.

dir=$1
if test -f "$dir/bin-wrappers/git" &&
   ! grep -q -x "GIT_EXEC_PATH='$(cd "$dir" && pwd)'" "$dir/bin-wrappers/git"
then
	echo "Removing the wrappers of $dir/bin-wrappers: they run the Git of another directory"
	git -C "$dir" clean -q -f -x -- bin-wrappers
fi
