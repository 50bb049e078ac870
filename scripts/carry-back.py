#!/usr/bin/env python3
"""Carry the files the series adds from tree/2.55.0 to tree/2.39.5, patch by patch.

Usage: carry-back.py [--dry-run] <tree-2.55.0> <tree-2.39.5>

For every patch of the 2.39.5 tree (upstream..HEAD), the patch of the
2.55.0 tree with the same subject gives the contents of the files the
2.55.0 series adds: each of them that the 2.55.0 patch has is set, in
the 2.39.5 patch, to what scripts/backport.py makes of it (under its
2.39.5 name).  So a change to an added file (code, tests, the technical
document) is made once, on 2.55.0, in the patch it belongs to, and this
step rewrites the 2.39.5 history to match; tests/check-bases.sh runs it
with --dry-run and fails if any patch differs.  The files only one base
has (see backport.py and check-bases.sh) and the changes to upstream's
own files are left alone: those differ in shape between the releases
and are carried by hand.

The 2.39.5 branches (its topics) are rewritten with git filter-branch
and the old history is kept under refs/original/.  With --dry-run,
prints what would change and changes nothing.
"""

import os
import subprocess
import sys

top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(top, "scripts"))
from backport import backport, old_path  # noqa: E402


def git(tree, *args, data=None):
    return subprocess.run(["git", "-C", tree] + list(args), input=data,
                          check=True, capture_output=True).stdout


def tree_entries(tree, commit):
    """{path: (mode, blob)} of a commit's files."""
    entries = {}
    for line in git(tree, "ls-tree", "-r", commit).decode().splitlines():
        info, path = line.split("\t", 1)
        mode, _, blob = info.split()
        entries[path] = (mode, blob)
    return entries


def wanted(new, commit, added):
    """{2.39.5 path: (mode, contents)} that the 2.55.0 commit dictates."""
    modes = {path: mode for path, (mode, _) in tree_entries(new, commit).items()}
    return {old_path(f): (modes[f], backport(
                f, git(new, "show", "%s:%s" % (commit, f)).decode()).encode())
            for f in added if f in modes}


def main(argv):
    dry = argv[:1] == ["--dry-run"]
    if dry:
        argv = argv[1:]
    if len(argv) != 2:
        sys.exit("usage: carry-back.py [--dry-run] <tree-2.55.0> <tree-2.39.5>")
    new, old = argv
    added = [f for f in git(new, "diff", "--name-only", "--diff-filter=A",
                            "upstream", "HEAD").decode().splitlines()
             if old_path(f) and not f.endswith((".png", ".gz"))]
    by_subject = {}
    for line in git(new, "log", "--format=%H %s", "upstream..HEAD").decode().splitlines():
        commit, subject = line.split(" ", 1)
        by_subject[subject] = commit

    # What each 2.39.5 patch must hold, and whether it does already.
    plan = {}
    for line in git(old, "log", "--reverse", "--format=%H %s",
                    "upstream..HEAD").decode().splitlines():
        commit, subject = line.split(" ", 1)
        if subject not in by_subject:
            continue
        files = wanted(new, by_subject[subject], added)
        have = tree_entries(old, commit)
        changed = [path for path, (mode, text) in files.items()
                   if path not in have or have[path][0] != mode or
                   have[path][1] != git(old, "hash-object", "--stdin",
                                        data=text).decode().strip()]
        if changed:
            print("%s: %s" % (subject, ", ".join(sorted(changed))))
        plan[commit] = files
    if dry:
        return

    # The blobs, written once; the index filter reads the plan back.
    planfile = os.path.join(git(old, "rev-parse", "--absolute-git-dir")
                            .decode().strip(), "carry-back-plan")
    with open(planfile, "w") as out:
        for commit, files in plan.items():
            for path, (mode, text) in files.items():
                blob = git(old, "hash-object", "-w", "--stdin", data=text)
                out.write("%s %s,%s,%s\n" % (commit, mode, blob.decode().strip(), path))
    index_filter = ("grep \"^$GIT_COMMIT \" %s | cut -d' ' -f2- | "
                    "xargs -r -n 1 git update-index --add --cacheinfo" % planfile)
    env = dict(os.environ, FILTER_BRANCH_SQUELCH_WARNING="1")
    subprocess.run(["git", "-C", old, "filter-branch", "-f", "--index-filter",
                    index_filter, "--", "--branches", "^upstream"],
                   check=True, env=env, stdout=subprocess.DEVNULL)
    os.remove(planfile)


if __name__ == "__main__":
    main(sys.argv[1:])
