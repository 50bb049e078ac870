#!/usr/bin/env python3
"""Rounds and tests of a stochastic bisection that runs k tests at once.

Usage: bench/parallel.py [--git-dir DIR] [--trials N] [--learned-trials N]
                         [--seed S] [--jobs N]

Drives "test-tool bisect-sim --jobs=<k>" (rounds of up to k tests, each
chosen as "git bisect next --batch" chooses it, given the others of the
round) for k = 1, 2, 4 and 8, on a linear history of 1,000 commits and
on git.git's v2.54.0..v2.55.0, for a bug that the test shows 3, 5 and 8
times in 10, with the confidences stated (the simulator's default for
the noise) and learned ("auto" for both kinds of verdict, the default
of "git bisect run"), at targets 0.9 and 0.99.  Common random numbers:
for a given seed every k sees the same culprits and the same stream.

A round is the time of one test.  For each setting it reports the
accuracy with its 95% interval, and the mean tests and rounds as ratios
to k = 1 (for which rounds = tests), beside the information bound for k
parallel tests, B / k rounds (B: the bound on the tests, k times the
capacity of the channel per round), and checks the goals: at k = 4 at
most 0.4 times the rounds and 1.25 times the tests, at k = 8 at most
0.25 times the rounds, and accuracy at or above the target within its
interval.  Writes build/eval/parallel.txt (the table) and
build/eval/parallel.json (for the plot of bench/evaluate.py).
"""

import concurrent.futures
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import evaluate  # noqa: E402  (the histories, the bound, the interval)

KS = (1, 2, 4, 8)
RATES = ("0.3", "0.5", "0.8")
TARGETS = ("0.9", "0.99")
CONFIDENCES = (("stated", None), ("learned", ("auto", "auto")))
GOALS = {4: (0.4, 1.25), 8: (0.25, None)}
TEXT = os.path.join(evaluate.WORK, "parallel.txt")
JSON = os.path.join(evaluate.WORK, "parallel.json")


def simulate(tool, repo, revs, rate, target, conf, k, trials, seed):
    args = [tool, "bisect-sim", "--noise=flaky:" + rate,
            "--target=" + target, "--trials=%d" % trials,
            "--seed=%d" % seed, "--jobs=%d" % k]
    if conf:
        args += ["--confidence-good=" + conf[0], "--confidence-bad=" + conf[1]]
    out = subprocess.run(args + revs, cwd=repo, check=True,
                         stdout=subprocess.PIPE).stdout.decode()
    right = tests = rounds = n = 0
    for line in out.splitlines():
        _, culprit, reported, t, r = line.split()
        n += 1
        right += culprit == reported
        tests += int(t)
        rounds += int(r)
    return {"n": n, "right": right, "tests": tests / n, "rounds": rounds / n}


def main():
    p = evaluate.bench_parser(__doc__)
    p.add_argument("--trials", type=int, default=100)
    p.add_argument("--learned-trials", type=int, default=40,
                   help="trials with the rates learned, which cost more")
    args = p.parse_args()
    tool = os.path.join(args.git_dir, "t", "helper", "test-tool")
    histories = evaluate.bench_histories()
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
    settings = []
    for name, repo, revs in histories:
        n = evaluate.candidates(repo, revs)
        for conf_name, conf in CONFIDENCES:
            for rate in RATES:
                for target in TARGETS:
                    trials = args.learned_trials if conf else args.trials
                    runs = {k: pool.submit(simulate, tool, repo, revs, rate,
                                           target, conf, k, trials,
                                           args.seed) for k in KS}
                    settings.append((name, n, conf_name, rate, target, runs))

    rows, failed = [], []
    lines = ["%-21s %-7s %-4s %-6s %2s  %-22s %7s %7s %6s %6s %6s" %
             ("history", "rates", "bug", "target", "k", "right [95%]",
              "tests", "rounds", "tests", "rounds", "bound"),
             "%-21s %-7s %-4s %-6s %2s  %-22s %7s %7s %6s %6s %6s" %
             ("", "", "", "", "", "", "", "", "/ k=1", "/ k=1", "/ k=1")]
    for name, n, conf_name, rate, target, runs in settings:
        res = {k: f.result() for k, f in runs.items()}
        seq = res[1]
        b = evaluate.bound(n, float(target), "flaky", rate)
        for k in KS:
            r = res[k]
            lo, hi = evaluate.wilson(r["right"], r["n"])
            tests_ratio = r["tests"] / seq["tests"]
            rounds_ratio = r["rounds"] / seq["rounds"]
            row = {"history": name, "n": n, "rates": conf_name, "rate": rate,
                   "target": target, "k": k, "right": r["right"],
                   "trials": r["n"], "tests": r["tests"], "rounds": r["rounds"],
                   "tests_ratio": tests_ratio, "rounds_ratio": rounds_ratio,
                   "bound_rounds": b / k}
            rows.append(row)
            misses = []
            if hi < float(target):
                misses.append("accuracy")
            goal = GOALS.get(k)
            if goal and rounds_ratio > goal[0]:
                misses.append("rounds > %.2f" % goal[0])
            if goal and goal[1] and tests_ratio > goal[1]:
                misses.append("tests > %.2f" % goal[1])
            if misses:
                failed.append((name, conf_name, rate, target, k, misses))
            lines.append("%-21s %-7s %-4s %-6s %2d  %-22s %7.1f %7.1f %6.2f %6.2f %6.2f%s" %
                         (name, conf_name, "%d/10" % round(float(rate) * 10),
                          target, k,
                          "%3d/%d [%.2f, %.2f]" % (r["right"], r["n"], lo, hi),
                          r["tests"], r["rounds"], tests_ratio, rounds_ratio,
                          b / k / seq["rounds"],
                          "  (misses: %s)" % ", ".join(misses) if misses else ""))
    met = sum(1 for row in rows if row["k"] in GOALS) - \
        sum(1 for f in failed if f[4] in GOALS)
    lines.append("")
    lines.append("%d trials per setting (%d with the rates learned), seed %d; "
                 "goals met in %d of %d settings with k = 4 or 8" %
                 (args.trials, args.learned_trials, args.seed, met,
                  sum(1 for row in rows if row["k"] in GOALS)))
    evaluate.write_bench_output(TEXT, JSON, lines, rows)


if __name__ == "__main__":
    main()
