#!/usr/bin/env python3
"""Turn a commit-graph shape ("dag" file) into a Git history.

Usage:
    import-dag.py [--git GIT] [--marks FILE] [--repeat N] [DAG] [REPO]

DAG is a dag file, plain or gzip-compressed (detected by content); "-" or
no argument reads standard input.  Without REPO the history is written to
standard output as a `git fast-import` stream (mark :N+1 is commit N).

With REPO, `GIT fast-import` (GIT defaults to "git") imports it there.
A REPO that does not exist is created, and its work tree checked out at
"main"; one that exists must be the top of a repository.  --marks has
fast-import export its marks to FILE.

--repeat N imports N copies of the shape end to end, for a history N
times larger with the same shape: every root of a copy after the first
gets the last commit of the copy before as its parent.  The tags name
the commits of the last copy.

Example: import-dag.py git.git.dag.gz /tmp/git-shape

The dag format, one item per line:

    # comment             ignored (used for a header)
    c [PARENT]... [file=PATH]
                          one commit; the i-th "c" line (0-based) is commit
                          i.  PARENTs are indices of earlier commits, the
                          first one being the first parent.
    t NAME INDEX          a lightweight tag refs/tags/NAME on commit INDEX

The generated history is deterministic: commit i has the subject
"commit i", fixed author and committer, and a date one minute after
commit i-1.  It sets one file (by default "a", "file=PATH" names another
one) to the content "i", so every commit, merges included, differs from
each of its parents: no commit is TREESAME and bisection considers them
all, except under a pathspec that leaves out the file it changed.
refs/heads/main points at the last commit.
"""

import argparse
import gzip
import io
import os
import subprocess
import sys

BRANCH = b"refs/heads/main"
DEFAULT_PATH = "a"
# The date the test suite uses (test_tick), as a starting point.
EPOCH = 1112911993
AUTHOR = b"A U Thor <author@example.com>"
COMMITTER = b"C O Mitter <committer@example.com>"


def die(msg):
    sys.exit("import-dag: " + msg)


def open_dag(name):
    """Open a dag file, stdin for "-", gunzipping it if needed."""
    try:
        f = sys.stdin.buffer if name == "-" else open(name, "rb")
    except OSError as e:
        die("cannot open %s: %s" % (name, e.strerror))
    if f.peek(2)[:2] == b"\x1f\x8b":
        f = gzip.GzipFile(fileobj=f)
    return io.TextIOWrapper(f, encoding="utf-8")


def parse(lines):
    """Return ([(parents, path)], [(name, index)]) from dag lines."""
    commits, tags = [], []
    for lineno, line in enumerate(lines, 1):
        line = line.rstrip("\n")
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        kind, args = fields[0], fields[1:]
        if kind == "c":
            path = DEFAULT_PATH
            if args and args[-1].startswith("file="):
                path = args.pop()[len("file="):]
            try:
                parents = [int(p) for p in args]
            except ValueError:
                die("line %d: bad parent in %r" % (lineno, line))
            if not path or any(not 0 <= p < len(commits) for p in parents):
                die("line %d: bad commit line %r" % (lineno, line))
            commits.append((parents, path))
        elif kind == "t" and len(args) == 2 and args[1].isdigit():
            tags.append((args[0], int(args[1])))
        else:
            die("line %d: cannot parse %r" % (lineno, line))
    for name, index in tags:
        if index >= len(commits):
            die("tag %s: no commit %d" % (name, index))
    return commits, tags


def repeat(commits, tags, copies):
    """The shape repeated "copies" times end to end (see --repeat)."""
    n = len(commits)
    out = []
    for k in range(copies):
        for parents, path in commits:
            parents = [p + k * n for p in parents] or \
                ([k * n - 1] if k else [])
            out.append((parents, path))
    return out, [(name, i + (copies - 1) * n) for name, i in tags]


def stream(commits, tags, out):
    """Write the fast-import stream for the parsed dag to binary file out."""
    out.write(b"feature done\n")
    for i, (parents, path) in enumerate(commits):
        content = b"%d\n" % i
        message = b"commit %d\n" % i
        date = b"%d -0700" % (EPOCH + 60 * i)
        if not parents:
            # Start a new root even if the branch already exists.
            out.write(b"reset %s\n" % BRANCH)
        out.write(b"commit %s\nmark :%d\n" % (BRANCH, i + 1))
        out.write(b"author %s %s\ncommitter %s %s\n"
                  % (AUTHOR, date, COMMITTER, date))
        out.write(b"data %d\n%s" % (len(message), message))
        if parents:
            out.write(b"from :%d\n" % (parents[0] + 1))
        for p in parents[1:]:
            out.write(b"merge :%d\n" % (p + 1))
        out.write(b"M 100644 inline %s\ndata %d\n%s\n"
                  % (path.encode(), len(content), content))
    for name, index in tags:
        out.write(b"reset refs/tags/%s\nfrom :%d\n\n"
                  % (name.encode(), index + 1))
    out.write(b"done\n")


def git_output(git, *args):
    """Run git, returning its output; die if it fails."""
    try:
        return subprocess.run((git,) + args, check=True, text=True,
                              stdout=subprocess.PIPE).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        die("%s failed: %s" % (" ".join(args[:3]), e))


def import_into(git, repo, marks, commits, tags):
    created = not os.path.exists(repo)
    if created:
        git_output(git, "init", "-q", "-b", "main", repo)
    else:
        # Never import into a repository that merely contains REPO.
        gitdir = git_output(git, "-C", repo, "rev-parse",
                            "--absolute-git-dir").strip()
        top = os.path.realpath(repo)
        if gitdir not in (top, os.path.join(top, ".git")):
            die("%s is not the top of a repository" % repo)

    cmd = [git, "-C", repo, "fast-import", "--quiet"]
    if marks:
        cmd.append("--export-marks=" + marks)
    try:
        fi = subprocess.Popen(cmd, stdin=subprocess.PIPE, bufsize=1 << 20)
        with fi.stdin:
            stream(commits, tags, fi.stdin)
    except BrokenPipeError:
        pass  # fast-import died; its exit code tells
    except OSError as e:
        die("cannot run fast-import: %s" % e)
    if fi.wait():
        die("fast-import failed")
    if created and commits:
        git_output(git, "-C", repo, "reset", "-q", "--hard")


def main():
    ap = argparse.ArgumentParser(
        usage=argparse.SUPPRESS, description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--git", default="git", help="git to run fast-import")
    ap.add_argument("--marks", metavar="FILE",
                    help="export fast-import marks to FILE")
    ap.add_argument("--repeat", type=int, default=1, metavar="N",
                    help="import N copies of the shape end to end")
    ap.add_argument("dag", nargs="?", default="-")
    ap.add_argument("repo", nargs="?")
    opts = ap.parse_args()
    if opts.marks and not opts.repo:
        die("--marks needs a repository")

    with open_dag(opts.dag) as f:
        commits, tags = parse(f)
    if opts.repeat < 1:
        die("--repeat needs a positive number")
    if opts.repeat > 1 and commits:
        commits, tags = repeat(commits, tags, opts.repeat)
    if opts.repo:
        import_into(opts.git, opts.repo, opts.marks, commits, tags)
    else:
        try:
            stream(commits, tags, sys.stdout.buffer)
            sys.stdout.flush()
        except BrokenPipeError:
            sys.exit(1)


if __name__ == "__main__":
    main()
