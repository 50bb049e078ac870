#!/usr/bin/env python3
"""CPU cost of one bisection step, stochastic against normal.

Usage: bench/step_cost.py [--git GIT] [--runs N] [--quick]

On the commit-graph shape of git.git (data/git.git.dag.gz, imported once
into build/git-shape), start a bisection with --no-checkout and
time, for the same range and the same state:

  - "git rev-list --bisect" and "git bisect next" in a normal bisection;
  - the same in a stochastic one, with T uncertain verdicts on
    distinct commits (5 verdicts each, one of them wrong).

The state is written directly in BISECT_CONFIDENCES, in the format "git
bisect good/bad --confidence" writes, so that setting up 300 verdicts
does not take 300 steps.  Each command runs --runs times; the median
CPU time (user + system) and the peak resident memory are printed side
by side with their ratio.  Then the stochastic work alone (against a
normal "rev-list --bisect-all", which like a stochastic step computes
every weight) is measured for growing T and growing ranges, to show that
it grows like the number of commits times the number of tested commits.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.join(TOP, "build", "git-shape")


def git(args, **kw):
    return subprocess.run([GIT] + args, cwd=REPO, check=True,
                          stdout=subprocess.PIPE, **kw).stdout.decode()


def measure(args, runs):
    """Median CPU seconds (user + system) and peak RSS (MiB) of GIT args."""
    times, peak = [], 0
    for _ in range(runs):
        pid = os.fork()
        if pid == 0:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            os.chdir(REPO)
            os.execv(GIT, [GIT] + args)
        _, status, usage = os.wait4(pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit("failed: git %s" % " ".join(args))
        times.append(usage.ru_utime + usage.ru_stime)
        peak = max(peak, usage.ru_maxrss / 1024)
    return statistics.median(times), peak


def start(bad, good, tested):
    """A stochastic bisection of good..bad with 5 verdicts on each of
    "tested" commits, evenly spread over the range."""
    subprocess.run([GIT, "bisect", "reset"], cwd=REPO,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    git(["bisect", "start", "--no-checkout", "--confidence", "0.9",
         bad] + good.split())
    commits = git(["rev-list", "--topo-order", bad] +
                  ["^" + g for g in good.split()]).split()
    culprit = commits[len(commits) // 2]
    lines = []
    if tested:
        step = len(commits) // tested
        for c in commits[step // 2::step][:tested]:
            bad_c = subprocess.run(
                [GIT, "merge-base", "--is-ancestor", culprit, c],
                cwd=REPO).returncode == 0
            right, wrong = ("b", "g") if bad_c else ("g", "b")
            lines += ["%s %s 0.7" % (c, right)] * 4 + ["%s %s 0.8" % (c, wrong)]
    with open(os.path.join(REPO, ".git", "BISECT_CONFIDENCES"), "w") as f:
        f.write("".join(l + "\n" for l in lines))
    return len(commits)


def set_stochastic(on):
    path = os.path.join(REPO, ".git", "BISECT_RESULT_CONFIDENCE")
    if on:
        with open(path, "w") as f:
            f.write("0.9\n")
    elif os.path.exists(path):
        os.unlink(path)


def compare(label, args, runs):
    set_stochastic(False)
    normal, normal_mem = measure(args, runs)
    set_stochastic(True)
    stoch, stoch_mem = measure(args, runs)
    print("%-44s %8.3f %8.3f %6.2fx %7.0f %7.0f" %
          (label, normal, stoch, stoch / normal, normal_mem, stoch_mem))
    return normal, stoch


def main():
    global GIT
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--git", default=os.path.join(TOP, "build", "git",
                                                 "bin-wrappers", "git"))
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--quick", action="store_true",
                   help="skip the whole history and the scaling runs")
    args = p.parse_args()
    GIT = os.path.abspath(args.git)

    if not os.path.isdir(REPO):
        print("importing data/git.git.dag.gz into %s" % REPO)
        subprocess.run([sys.executable, os.path.join(TOP, "scripts", "import-dag.py"),
                        os.path.join(TOP, "data", "git.git.dag.gz"), REPO],
                       check=True, stdout=subprocess.DEVNULL)
    root = git(["rev-list", "--max-parents=0", "v2.55.0"]).split()[-1]

    print("git: %s (%s)" % (GIT, git(["version"]).strip()))
    print("median CPU seconds (user + system) of %d runs; memory: peak RSS in MiB"
          % args.runs)
    print("%-44s %8s %8s %7s %7s %7s" %
          ("step", "normal", "stoch.", "ratio", "mem", "mem"))

    n = start("v2.55.0", "v2.39.0", 60)
    for cmd, what in ((["rev-list", "--bisect", "v2.55.0", "^v2.39.0"], "rev-list --bisect"),
                      (["bisect", "next"], "bisect next")):
        compare("%s, %d commits, T=60" % (what, n), cmd, args.runs)

    if args.quick:
        return
    n = start("v2.55.0", root, 60)
    runs = max(1, args.runs // 2)
    compare("rev-list --bisect, %d commits, T=60" % n,
            ["rev-list", "--bisect", "v2.55.0", "^" + root], runs)
    compare("rev-list --bisect-all, %d commits, T=60" % n,
            ["rev-list", "--bisect", "--bisect-all", "v2.55.0", "^" + root], runs)

    # A normal step stops counting at the first commit close enough to
    # the middle; --bisect-all, like every stochastic step, counts
    # everything.  Against it the difference is the stochastic work
    # itself: one walk per tested commit, plus the information of every
    # candidate.
    print()
    print("stochastic work: stochastic minus normal rev-list --bisect-all")
    print("%-44s %8s %8s %7s %7s %7s" %
          ("range, tested commits T", "normal", "stoch.", "ratio", "mem", "mem"))
    rows = []
    for tested in (250, 500, 1000, 2000):
        n = start("v2.55.0", "v2.39.0", tested)
        rows.append((n, tested, compare(
            "  v2.39.0..v2.55.0 (N=%d), T=%d" % (n, tested),
            ["rev-list", "--bisect", "--bisect-all", "v2.55.0", "^v2.39.0"], args.runs)))
    for good in ("v2.54.0", "v2.50.0", "v2.45.0"):
        n = start("v2.55.0", good, 500)
        rows.append((n, 500, compare(
            "  %s..v2.55.0 (N=%d), T=500" % (good, n),
            ["rev-list", "--bisect", "--bisect-all", "v2.55.0", "^" + good], args.runs)))
    print()
    print("%-44s %12s %14s" % ("N, T", "extra CPU s", "ns per N*T"))
    for n, tested, (normal, stoch) in rows:
        print("  %-42s %12.3f %14.2f" % ("N=%d, T=%d" % (n, tested),
              stoch - normal, (stoch - normal) / (n * tested) * 1e9))
    subprocess.run([GIT, "bisect", "reset"], cwd=REPO,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


if __name__ == "__main__":
    main()
