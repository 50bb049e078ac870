#!/usr/bin/env python3
"""Runs and accuracy of a bisection that takes a benchmark's numbers.

Usage: bench/measure.py [--git-dir DIR] [--trials N] [--seed S]
                        [--tune-seed S] [--jobs N] [--stated-only]

A simulated benchmark: each run of it on a commit gives a number,
Gaussian with a spread of 1 around 0 on a good commit and d on a bad one
(d = 0: no regression), optionally with one run in twenty an outlier 5
spreads off either way.  Three ways to bisect it:

  measure     "git bisect run --measure": the real engine on the numbers
              themselves ("test-tool bisect-sim --noise=gauss:<d>[:0.05]");
  threshold   baseline (i), the series before this topic: each number
              turned into "bad" above d/2, halfway between the levels,
              with both rates learned (--confidence auto): the real
              engine on the verdicts ("--noise=two-sided:<p>:<f>" with
              the rates this threshold gives), the same culprits;
  pinpoint    baseline (ii), in the way of Chromium's Pinpoint: a binary
              search that measures the known good and bad commits
              PINPOINT_ENDS times each, then samples each commit it
              tests in batches of PINPOINT_BATCH until a rank test
              (Mann-Whitney, normal approximation) separates its sample
              from one end's at level alpha, or PINPOINT_MAX runs are
              spent and the closer median decides; alpha is chosen, for
              each setting, on the trials of --tune-seed (the smallest
              of PINPOINT_ALPHAS right at least as often as the target),
              and reported on those of --seed.  Simulated here, in
              Python, on the linear history only.

and "stated", the real engine told the direction of the shift, as
"git bisect start --higher-is-worse" tells it (--worse=higher), on the
same trials.  With --stated-only, only that is run, and the rest is
taken from the last build/eval/measure.json (the engine without a
direction is the same).

The reference (iii) is the information bound of an ideal bisector that
knows the levels and the spread: B / I runs, with I the mutual
information between a commit's state (bad with probability 1/2) and
one measurement of it, computed by numerical integration (0.161 bits
at d = 1 without outliers).

For each setting: the accuracy with its 95% interval (for d = 0: how
often a commit was named, and "no regression" said), the mean and 95th
percentile of the runs, and the ratios of the mean runs of "measure" to
those of (i), of (ii) and to the bound.  Writes build/eval/measure.txt
and build/eval/measure.json.
"""

import concurrent.futures
import json
import math
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import evaluate  # noqa: E402  (the histories, the interval)

SHIFTS = ("0", "0.5", "1", "2", "4")
OUTLIERS = (("gauss", None), ("5% outliers", "0.05"))
TARGETS = ("0.9", "0.99")
MAX_RUNS = 3000
PINPOINT_ENDS = 8
PINPOINT_BATCH = 4
PINPOINT_MAX = 128
PINPOINT_ALPHAS = (0.05, 0.01, 0.001)
TEXT = os.path.join(evaluate.WORK, "measure.txt")
JSON = os.path.join(evaluate.WORK, "measure.json")


def phi(x):
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def above(level, threshold, q):
    """P(a measurement of a commit at this level exceeds the threshold)."""
    p = 1 - phi(threshold - level)
    return (1 - q) * p + q / 2 * ((1 - phi(threshold - level - 5)) +
                                   (1 - phi(threshold - level + 5)))


def density(y, level, q):
    g = lambda m: math.exp(-(y - m) ** 2 / 2) / math.sqrt(2 * math.pi)
    return (1 - q) * g(level) + q / 2 * (g(level + 5) + g(level - 5))


def information(d, q):
    """I(state; one measurement) in bits, the state bad with probability 1/2."""
    if d == 0:
        return 0.0
    step, total = 0.01, 0.0
    y = -12.0
    while y < 12 + d:
        a, b = density(y, 0, q), density(y, d, q)
        m = (a + b) / 2
        for p in (a, b):
            if p > 0:
                total += 0.5 * p * math.log2(p / m) * step
        y += step
    return total


def run_sim(tool, repo, revs, noise, target, trials, seed, conf=None,
            worse=None):
    args = [tool, "bisect-sim", "--noise=" + noise, "--target=" + target,
            "--trials=%d" % trials, "--seed=%d" % seed,
            "--max-tests=%d" % MAX_RUNS]
    if conf:
        args += ["--confidence-good=auto", "--confidence-bad=auto"]
    if worse:
        args += ["--worse=" + worse]
    out = subprocess.run(args + revs, cwd=repo, check=True,
                         stdout=subprocess.PIPE).stdout.decode()
    return summary([line.split()[1:4] for line in out.splitlines()])


class Kept:
    """A result of an earlier run, where a future would be."""

    def __init__(self, value):
        self.value = value

    def result(self):
        return self.value


def summary(results):
    """results: [culprit, reported, runs]."""
    n = len(results)
    runs = sorted(int(r[2]) for r in results)
    right = sum(1 for r in results if r[0] == r[1])
    named = sum(1 for r in results if r[1] not in ("none", "no-regression"))
    none = sum(1 for r in results if r[1] == "no-regression")
    return {"n": n, "right": right, "named": named, "no_regression": none,
            "mean": sum(runs) / n,
            "p95": runs[min(n - 1, int(math.ceil(0.95 * n)) - 1)]}


def mann_whitney_p(a, b):
    """Two-sided p-value of the rank-sum test, normal approximation."""
    values = sorted([(x, 0) for x in a] + [(x, 1) for x in b])
    ranks, i = [0.0] * len(values), 0
    while i < len(values):
        j = i
        while j < len(values) and values[j][0] == values[i][0]:
            j += 1
        for k in range(i, j):
            ranks[k] = (i + j + 1) / 2
        i = j
    r1 = sum(r for r, v in zip(ranks, values) if v[1] == 0)
    n1, n2 = len(a), len(b)
    u = r1 - n1 * (n1 + 1) / 2
    mu, sigma = n1 * n2 / 2, math.sqrt(n1 * n2 * (n1 + n2 + 1) / 12)
    z = abs(u - mu) / sigma if sigma else 0
    return 2 * (1 - phi(z))


def pinpoint(n, d, q, alpha, trials, seed):
    """Binary search over commits 1..n of a linear history (0 good, n
    bad), each tested commit sampled until a rank test tells it from one
    end; returns [culprit, reported, runs] per trial."""
    out = []
    for trial in range(trials):
        rng = random.Random(seed * 1000003 + trial)
        culprit = rng.randint(1, n)

        def measure(c):
            v = rng.gauss(d if c >= culprit else 0.0, 1.0)
            if rng.random() < q:
                v += 5 if rng.random() < 0.5 else -5
            return v
        runs = 0
        good = [measure(0) for _ in range(PINPOINT_ENDS)]
        bad = [measure(n) for _ in range(PINPOINT_ENDS)]
        runs += 2 * PINPOINT_ENDS
        lo, hi = 0, n  # lo good, hi bad
        while hi - lo > 1:
            mid = (lo + hi) // 2
            sample, verdict = [], None
            while verdict is None:
                sample += [measure(mid) for _ in range(PINPOINT_BATCH)]
                runs += PINPOINT_BATCH
                p_good = mann_whitney_p(sample, good)
                p_bad = mann_whitney_p(sample, bad)
                if p_good < alpha and p_bad >= alpha:
                    verdict = "bad"
                elif p_bad < alpha and p_good >= alpha:
                    verdict = "good"
                elif len(sample) >= PINPOINT_MAX:
                    med = sorted(sample)[len(sample) // 2]
                    verdict = "bad" if abs(med - sorted(bad)[len(bad) // 2]) < \
                        abs(med - sorted(good)[len(good) // 2]) else "good"
            if verdict == "bad":
                hi = mid
            else:
                lo = mid
        out.append([str(culprit), str(hi), str(runs)])
    return summary(out)


def tune_pinpoint(n, d, q, target, trials, seed):
    for alpha in PINPOINT_ALPHAS:
        s = pinpoint(n, d, q, alpha, trials, seed)
        if s["right"] >= float(target) * s["n"]:
            return alpha
    return PINPOINT_ALPHAS[-1]


def main():
    p = evaluate.bench_parser(__doc__)
    p.add_argument("--trials", type=int, default=40)
    p.add_argument("--tune-trials", type=int, default=20,
                   help="trials on which Pinpoint's alpha is chosen")
    p.add_argument("--tune-seed", type=int, default=2)
    p.add_argument("--stated-only", action="store_true",
                   help="run only the direction stated, keep the rest")
    args = p.parse_args()
    kept = {}
    if args.stated_only:
        with open(JSON) as f:
            kept = {(r["history"], r["d"], r["noise"], r["target"]): r
                    for r in json.load(f)}
    tool = os.path.join(args.git_dir, "t", "helper", "test-tool")
    histories = evaluate.bench_histories()
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs)
    settings = []
    for name, repo, revs in histories:
        n = evaluate.candidates(repo, revs)
        for d in SHIFTS:
            for outliers, q in OUTLIERS:
                qv = float(q or 0)
                for target in TARGETS:
                    noise = "gauss:%s%s" % (d, ":" + q if q else "")
                    stated = pool.submit(run_sim, tool, repo, revs, noise,
                                         target, args.trials, args.seed,
                                         worse="higher")
                    old = kept.get((name, d, outliers, target))
                    if old:
                        settings.append((name, n, d, outliers, qv, target,
                                         Kept(old["measure"]),
                                         Kept(old.get("threshold")),
                                         Kept(old.get("pinpoint")), stated))
                        continue
                    ours = pool.submit(run_sim, tool, repo, revs, noise, target,
                                       args.trials, args.seed)
                    thr = None
                    if float(d):
                        pf = (above(float(d), float(d) / 2, qv),
                              above(0, float(d) / 2, qv))
                        thr = pool.submit(run_sim, tool, repo, revs,
                                          "two-sided:%.4f:%.4f" % pf, target,
                                          args.trials, args.seed, conf=True)
                    pin = None
                    if name == "linear-1000" and float(d):
                        pin = pool.submit(
                            lambda n=n, d=float(d), q=qv, t=target: pinpoint(
                                n, d, q, tune_pinpoint(n, d, q, t,
                                                       args.tune_trials,
                                                       args.tune_seed),
                                args.trials, args.seed))
                    settings.append((name, n, d, outliers, qv, target, ours,
                                     thr, pin, stated))

    rows = []
    head = ("%-21s %-4s %-12s %-6s  %-22s %7s %5s  %7s %6s  %7s %6s  %6s" %
            ("history", "d", "noise", "target", "right [95%]", "runs", "p95",
             "(i)", "ratio", "(ii)", "ratio", "/bound"))
    lines = [head]
    misses = []
    for name, n, d, outliers, q, target, ours, thr, pin, stated in settings:
        s = ours.result()
        info = information(float(d), q)
        b = evaluate.bound(n, float(target), "symmetric", "0")
        bound = b / info if info else None
        row = {"history": name, "n": n, "d": d, "noise": outliers,
               "target": target, "measure": s, "bound": bound}
        if float(d):
            lo, hi = evaluate.wilson(s["right"], s["n"])
            right = "%3d/%d [%.2f, %.2f]" % (s["right"], s["n"], lo, hi)
            if hi < float(target):
                misses.append("%s d=%s %s %s: accuracy" % (name, d, outliers,
                                                           target))
        else:
            lo, hi = evaluate.wilson(s["named"], s["n"])
            right = "named %d, no-reg %d" % (s["named"], s["no_regression"])
            if lo > 1 - float(target):
                misses.append("%s d=0 %s %s: named" % (name, outliers, target))
        cols = [name, d, outliers, target, right, "%7.1f" % s["mean"],
                "%5d" % s["p95"]]
        for key, fut in (("threshold", thr), ("pinpoint", pin)):
            if fut is None or fut.result() is None:
                cols += ["%7s" % "-", "%6s" % "-"]
                continue
            o = fut.result()
            row[key] = o
            cols += ["%7.1f" % o["mean"], "%6.2f" % (s["mean"] / o["mean"])]
            row[key]["ratio"] = s["mean"] / o["mean"]
        cols.append("%6.2f" % (s["mean"] / bound) if bound else "%6s" % "-")
        lines.append("%-21s %-4s %-12s %-6s  %-22s %s %s  %s %s  %s %s  %s" %
                     tuple(cols))
        row["stated"] = stated.result()
        rows.append(row)
    lines.append("")
    lines.append("Accuracy of the baselines (right / trials):")
    for row in rows:
        parts = []
        for key in ("threshold", "pinpoint"):
            if key in row:
                o = row[key]
                parts.append("%s %d/%d" % ({"threshold": "(i)",
                                            "pinpoint": "(ii)"}[key],
                                           o["right"], o["n"]))
        if parts:
            lines.append("  %-21s d=%-3s %-12s %-5s %s" % (
                row["history"], row["d"], row["noise"], row["target"],
                ", ".join(parts)))
    lines.append("")
    lines.append("With the direction stated (--higher-is-worse), the same "
                 "trials; ratio: runs over those without:")
    lines.append("%-21s %-4s %-12s %-6s  %-22s %7s %5s  %6s" % (
        "history", "d", "noise", "target", "right [95%]", "runs", "p95",
        "ratio"))
    for row in rows:
        o, s = row["stated"], row["measure"]
        where = "%s d=%s %s %s, stated" % (row["history"], row["d"],
                                           row["noise"], row["target"])
        if float(row["d"]):
            lo, hi = evaluate.wilson(o["right"], o["n"])
            right = "%3d/%d [%.2f, %.2f]" % (o["right"], o["n"], lo, hi)
            if hi < float(row["target"]):
                misses.append(where + ": accuracy")
        else:
            lo, hi = evaluate.wilson(o["named"], o["n"])
            right = "named %d, no-reg %d" % (o["named"], o["no_regression"])
            if lo > 1 - float(row["target"]):
                misses.append(where + ": named")
        o["ratio"] = o["mean"] / s["mean"]
        lines.append("%-21s %-4s %-12s %-6s  %-22s %7.1f %5d  %6.2f" % (
            row["history"], row["d"], row["noise"], row["target"], right,
            o["mean"], o["p95"], o["ratio"]))
    lines.append("")
    lines.append("%d trials per setting, seed %d (Pinpoint's alpha chosen on "
                 "%d trials of seed %d); at most %d runs per trial; accuracy "
                 "goal missed in %d settings%s" % (args.trials, args.seed,
                                                  args.tune_trials,
                                                  args.tune_seed,
                                       MAX_RUNS, len(misses),
                                       ": " + "; ".join(misses) if misses else ""))
    evaluate.write_bench_output(TEXT, JSON, lines, rows)


if __name__ == "__main__":
    main()
