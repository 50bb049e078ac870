#!/usr/bin/python3
"""git_bayesect against the series' "git bisect run" default, on the
same draws (issue 44's cost goal at 60 % / 30 %).

git_bayesect (one Python file on numpy and scipy) is never copied
here: --bayesect takes the path of a copy of git_bayesect.py fetched
from its public repository; say which commit with --bayesect-commit,
and it is written beside the figures.

Both bisect the linear history of 100 commits that bench/any_rates.sh
makes, against a test failing with probability s on bad commits and f
on good ones.  The series runs in test-tool bisect-sim (the real
engine) with --confidence-good auto --confidence-bad auto; its output
names each trial's culprit.  git_bayesect's Bisector (its model and
its choice, as "git bayesect run" drives them) is driven here with the
same culprit and the same random numbers: the k-th test of trial t
draws the k-th uniform number of the stream test-tool bisect-sim draws
for that trial (a splitmix64 generator seeded with seed * 1000003 + t,
whose first number chose the culprit and whose second seeds the
tests), and fails when it is below the rate.  Both stop when a commit
reaches the target, at most 2000 tests.

Usage: bench/bayesect.py --bayesect <git_bayesect.py> [--trials 50]
       [--seed 45] [--rates 0.6:0.3,...] [--target 0.9]

Writes build/eval/bayesect.txt.
"""
import argparse
import importlib.util
import math
import os
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(TOP, "build", "eval")
MASK = (1 << 64) - 1


class SplitMix64:
    """t/helper/test-bisect-sim.c's generator, number for number."""

    def __init__(self, state):
        self.state = state & MASK

    def next(self):
        self.state = (self.state + 0x9e3779b97f4a7c15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & MASK
        z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & MASK
        return z ^ (z >> 31)

    def uniform(self):
        return (self.next() >> 11) * (1.0 / 9007199254740992.0)


def load_bayesect(path):
    spec = importlib.util.spec_from_file_location("git_bayesect", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def linear_history(n):
    repo = os.path.join(WORK, "any-rates", "linear-%d" % n)
    if not os.path.isdir(repo):
        subprocess.run(["git", "init", "-q", repo], check=True)
        stream = "".join(
            "commit refs/heads/main\ncommitter c <c@c> %d +0000\n"
            "data <<E\nc%d\nE\nM 644 inline f\ndata <<E\n%d\nE\n\n"
            % (1000000 + i, i, i) for i in range(1, n + 1))
        subprocess.run(["git", "-C", repo, "fast-import", "--quiet"],
                       input=stream.encode(), check=True)
    return repo


def series_trials(tool, repo, n, s, f, target, trials, seed):
    out = subprocess.run(
        [tool, "bisect-sim", "--noise", "two-sided:%s:%s" % (s, f),
         "--trials", str(trials), "--seed", str(seed),
         "--target", str(target), "--confidence-good", "auto",
         "--confidence-bad", "auto", "--max-tests", "2000",
         "main", "main~%d" % (n - 1)],
        cwd=repo, check=True, capture_output=True, text=True).stdout
    rows = []
    for line in out.splitlines():
        trial, culprit, reported, tests = line.split()[:4]
        rows.append((int(trial), culprit, reported, int(tests)))
    return rows


def bayesect_trial(mod, order, culprit, s, f, target, trial, seed):
    """order: the commits, newest first, the good end last."""
    rng = SplitMix64(seed * 1000003 + trial)
    rng.next()  # the culprit's draw
    oracle = SplitMix64(rng.next())
    # git_bayesect's index b: commits 0..b are new (bad); the good end
    # can not be the first bad commit.
    prior = [1.0] * (len(order) - 1) + [0.0]
    bisector = mod.Bisector(prior)
    b = order.index(culprit)
    tests = 0
    while tests < 2000:
        dist = bisector.distribution
        if dist.max() >= target:
            break
        i = bisector.select()
        fails = oracle.uniform() < (s if i <= b else f)
        bisector.record(i, fails)
        tests += 1
    return order[int(bisector.distribution.argmax())], tests


def wilson(k, n):
    z = 1.96
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--bayesect", required=True)
    p.add_argument("--bayesect-commit", default="unknown")
    p.add_argument("--tool", default=os.path.join(
        TOP, "build", "2.55.0", "git", "t", "helper", "test-tool"))
    p.add_argument("--trials", type=int, default=50)
    p.add_argument("--seed", type=int, default=45)
    p.add_argument("--rates", default="0.6:0.3,0.5:0.05,1:0.3")
    p.add_argument("--target", type=float, default=0.9)
    p.add_argument("--commits", type=int, default=100)
    args = p.parse_args()

    mod = load_bayesect(args.bayesect)
    repo = linear_history(args.commits)
    order = subprocess.run(["git", "rev-list", "main"], cwd=repo,
                           check=True, capture_output=True,
                           text=True).stdout.split()[:args.commits]

    lines = [
        "Linear history of %d commits, target %s, %d trials a row "
        "(seed %d), the same culprits and random numbers for both; "
        "git_bayesect at commit %s (its default Jeffreys priors); the "
        "series: \"git bisect run\" without options (both rates "
        "learned).  Right [95%% Wilson], mean runs (p95), and the ratio "
        "of the series' mean runs to git_bayesect's."
        % (args.commits, args.target, args.trials, args.seed,
           args.bayesect_commit),
        "",
        "| s / f | series: right | series: runs | git_bayesect: right "
        "| git_bayesect: runs | runs, series / git_bayesect |",
        "|---|---|---|---|---|---|",
    ]
    for rates in args.rates.split(","):
        s, f = rates.split(":")
        rows = series_trials(args.tool, repo, args.commits, s, f,
                             args.target, args.trials, args.seed)
        ours_right = sum(1 for r in rows if r[1] == r[2])
        ours_runs = [r[3] for r in rows]
        theirs_right = 0
        theirs_runs = []
        for trial, culprit, _, _ in rows:
            named, tests = bayesect_trial(mod, order, culprit, float(s),
                                          float(f), args.target, trial,
                                          args.seed)
            theirs_right += named == culprit
            theirs_runs.append(tests)

        def cell(right, runs):
            lo, hi = wilson(right, len(runs))
            p95 = sorted(runs)[math.ceil(0.95 * len(runs)) - 1]
            return ("%d/%d [%.2f, %.2f]" % (right, len(runs), lo, hi),
                    "%.1f (%d)" % (sum(runs) / len(runs), p95))
        a = cell(ours_right, ours_runs)
        b = cell(theirs_right, theirs_runs)
        lines.append("| %s / %s | %s | %s | %s | %s | %.2f |"
                     % (s, f, a[0], a[1], b[0], b[1],
                        sum(ours_runs) / sum(theirs_runs)))
        print(lines[-1], file=sys.stderr)
    os.makedirs(WORK, exist_ok=True)
    with open(os.path.join(WORK, "bayesect.txt"), "w") as out:
        out.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
