#!/usr/bin/env python3
"""How many tests stochastic bisection needs, and whether it is right.

Usage: bench/evaluate.py [--git-dir DIR] [--quick | --port DIR] [--jobs N]

Drives "test-tool bisect-sim" (the real search of bisect.c, with a
simulated test, in one process) over histories, noise models, targets
and policies, with common random numbers: for a given seed every policy
sees the same culprits and the same random stream.  Reports, per
scenario and policy, the mean and 95th percentile of the number of
tests, the accuracy with a 95% interval, and the ratio to the
information bound

    B = (log2 N - h(d) - d log2(N - 1)) / C,   d = 1 - target,

C being the capacity of the verdict channel.  Writes bench/RESULTS.md
and the plots in bench/plots/.

With --quick, runs a small fixed-seed subset, printing first the plan
"1..N" and then one "ok"/"not ok" line per check, and fails (exit 1) if
an accuracy falls below the target by more than three standard errors, or
if the mean number of tests for N >= 100 exceeds 1.25 times the bound
(one-sided noise) or 1.4 times (symmetric noise), or, with the rate
learned ("auto"), 1.7 times the tests with the rate known.  "make test"
runs it.

With --learned, runs only the scenarios of "--confidence auto" and
rewrites the report with them and the saved results of the others.

With --port GIT_DIR, runs the stochastic policy on the headline
scenarios and the git range with both the series of --git-dir and the
series built in GIT_DIR on another base (build/<base>/git), on the same
trials, and writes the comparison into its own section of the report;
fails (exit 1) unless both give the same result on every trial.
"make evaluate BASE=<other base>" runs it.

A report written without the measurements of "make bench" or of
"make evaluate BASE=<other base>" in build/eval/ (as on a fresh clone)
keeps their sections from the current bench/RESULTS.md.
"""

import argparse
import concurrent.futures
import datetime
import json
import math
import os
import platform
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The series built for the default base (scripts/base.sh).
with open(os.path.join(TOP, "series", "default")) as f:
    BUILD = os.path.join(TOP, "build", f.read().strip(), "git")
WORK = os.path.join(TOP, "build", "eval")
SHAPE = os.path.join(TOP, "build", "git-shape")
END_TO_END = os.path.join(WORK, "end-to-end.txt")
# written by "make bench", one of each per base
STEP_COST = os.path.join(WORK, "step-cost-%s.txt")
NEAR_BEST = os.path.join(WORK, "near-best-%s.txt")
STEP_COST_TITLE = "## CPU cost of a step on Git %s "
PORT_TITLE = "## The same numbers on Git "
# written by bench/robust_default.sh
ROBUST = os.path.join(WORK, "robust-default.txt")
STEP_COST_LEARNED = os.path.join(WORK, "step-cost-learned.txt")
# bench/end_to_end.sh with FLAKE=5, and with REGRESSION=no
END_TO_END_FLAKE = os.path.join(WORK, "end-to-end-flake5.txt")
END_TO_END_NO_REGRESSION = os.path.join(WORK, "end-to-end-no-regression.txt")
ROBUST_TITLE = "## The default of `git bisect run` (`bench/robust_default.sh`)"


def bases():
    """The bases of the series, the default one first."""
    with open(os.path.join(TOP, "series", "default")) as f:
        default = f.read().strip()
    others = sorted(d for d in os.listdir(os.path.join(TOP, "series"))
                    if d != default and
                    os.path.exists(os.path.join(TOP, "series", d, "upstream.conf")))
    return [default] + others


def step_cost_plot(lines, plotdir, base):
    """Plot the CPU time of "git rev-list --bisect" against the size of
    the range, from the table of step_cost.py; returns the plot's path,
    or None without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    series = {}
    for line in lines:
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) != 10 or cells[2] != "rev-list --bisect":
            continue
        size = int(cells[0].split("(")[1].split()[0])
        for name, value in (("upstream", cells[3]), ("normal", cells[4]),
                            ("stochastic, " + cells[1], cells[5])):
            if value != "-":
                series.setdefault(name, {})[size] = float(value)
    if not series:
        return None
    os.makedirs(plotdir, exist_ok=True)
    fig, ax = plt.subplots(figsize=(6, 4))
    styles = {"upstream": "k:s", "normal": "b-o"}
    for name, points in series.items():
        xs = sorted(points)
        ax.plot(xs, [points[x] for x in xs],
                styles.get(name, "--^" if "60" in name else "--v"),
                label=name, alpha=0.8)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("commits in the range (git.git's graph; x6: repeated)")
    ax.set_ylabel("CPU seconds, git rev-list --bisect")
    ax.set_title("cost of one step against the size of the history, Git %s" % base)
    ax.legend(fontsize="small")
    fig.tight_layout()
    path = os.path.join(plotdir, "step-cost-%s.png" % base)
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def kept_sections(prefix):
    """The sections of the current RESULTS.md whose title starts with
    prefix, for a report written where their measurements are not (a
    fresh clone has no build/eval/)."""
    path = os.path.join(TOP, "bench", "RESULTS.md")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        lines = f.read().rstrip("\n").split("\n")
    out, keep = [], False
    for line in lines:
        if line.startswith("## "):
            keep = line.startswith(prefix)
            if keep:
                out.append("")
        if keep:
            out.append(line)
    while out and out[-1] == "":
        out.pop()
    return out


def read_lines(path):
    with open(path) as f:
        return f.read().rstrip("\n").split("\n")


def step_cost_growth(lines):
    """How the cost of a stochastic step grows with the range, from the
    table of step_cost.py: the largest time of a stochastic step for
    each size of range ("at most 0.3 s for 12,517 commits, ...")."""
    worst = {}
    for line in lines:
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) != 10 or "(" not in cells[0] or cells[5] == "-":
            continue
        try:
            size, value = int(cells[0].split("(")[1].split()[0]), float(cells[5])
        except ValueError:
            continue
        worst[size] = max(worst.get(size, 0.0), value)
    parts = []
    for size in sorted(worst):
        t = worst[size]
        if t >= 90:
            text = "%.0f minutes" % (t / 60)
        else:
            text = "%.1f s" % t if t < 10 else "%.0f s" % t
        parts.append("%s for %s" % (text, "{:,}".format(size)))
    if parts:
        parts[0] += " commits"
    if not parts:
        return "see the table"
    return "at most " + ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]


def step_cost_section(base):
    """The section of RESULTS.md that "make bench" measures on a base."""
    if not os.path.exists(STEP_COST % base):
        return kept_sections(STEP_COST_TITLE % base)
    title = STEP_COST_TITLE % base + "(`make bench%s`)" % (
        "" if base == bases()[0] else " BASE=" + base)
    out = ["", title, "",
           "One step, \"git rev-list --bisect\" and \"git bisect next "
           "--no-checkout\", on git.git's commit graph: an unpatched Git "
           "(upstream), the series in a normal bisection (normal) and in a "
           "stochastic one (stochastic), before any uncertain verdict "
           "(T = 0) and after 10 or 60 commits tested five times each "
           "(bench/step_cost.py).  The ranges go from 12,517 commits to "
           "git.git's whole history and to that graph repeated six times "
           "end to end (488,087 commits), where a step takes minutes: "
           "there only \"git rev-list --bisect\" is timed, once, and "
           "upstream is not.  The series' normal step is cheaper than "
           "upstream's: count_distance() clears only what it marked, and "
           "\"git bisect\" does not keep the commits' buffers.  A "
           "stochastic step settles, as a normal one does, for the first "
           "commit whose test is nearly the best (within 0.2%% of the "
           "information of the best possible test), unless commits were "
           "skipped or a rate is learned, and reads the weights of the "
           "commits it counts from an array.  The cost of both grows "
           "faster than the square of the size of the history "
           "(count_distance() walks the ancestors of every merge it "
           "counts, and more of them miss the caches): %s." % (
               step_cost_growth(read_lines(STEP_COST % base))), ""]
    table = read_lines(STEP_COST % base)
    out += table
    plot = step_cost_plot(table, os.path.join(TOP, "bench", "plots"), base)
    if plot:
        out += ["", "![%s](plots/%s)" % (os.path.basename(plot),
                                          os.path.basename(plot))]
    if os.path.exists(NEAR_BEST % base):
        out += ["", "What settling for a nearly best test costs in tests "
                "(bench/near_best.py: the simulator on the same trials, "
                "settling as Git does against ranking every commit with "
                "`--exact`; the tolerance was chosen on seed 11, these are "
                "seed 1):", ""]
        out += read_lines(NEAR_BEST % base)
    return out


def robust_plot(lines, plotdir):
    """Plot the accuracy at target 0.9 over 100 commits against the rate
    of failures on good commits, before and after the run-default topic, from the
    first table of robust_default.sh; returns the plot's path, or None
    without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    series = {}
    for line in lines:
        if line.startswith("Linear history of 100 commits, target 0.99"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) != 5 or not cells[0][:1].isdigit():
            continue
        for name, cell in (("before", cells[2]), ("new default", cells[3])):
            right, trials = cell.split(",")[0].split("/")
            series.setdefault((name, cells[0]), []).append(
                (float(cells[1]), int(right) / int(trials)))
    if not series:
        return None
    os.makedirs(plotdir, exist_ok=True)
    fig, ax = plt.subplots(figsize=(6, 4))
    rates = sorted({s_rate for _, s_rate in series})
    for (name, s_rate), points in sorted(series.items()):
        ax.plot([p[0] for p in points], [p[1] for p in points],
                ("-o" if name == "new default" else ":x"),
                color="C%d" % rates.index(s_rate),
                label="%s, s = %s" % (name, s_rate), alpha=0.8)
    ax.axhline(0.9, color="k", linewidth=0.5)
    ax.set_xlabel("f: how often the test fails on a good commit")
    ax.set_ylabel("right at target 0.9 (100 commits)")
    ax.set_title("git bisect run without options")
    ax.legend(fontsize="x-small", ncol=2)
    fig.tight_layout()
    path = os.path.join(plotdir, "robust-default.png")
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def robust_goals(lines):
    """Check the tables of robust_default.sh against the goals of the
    default of "git bisect run": the new default right at least as
    often as the target within a 95% interval (the chance of so few
    right answers at the target's rate is at least 2.5%); over 1,000
    commits at target 0.9, at most 1.25 times the tests of the default
    before when good commits never fail, and at most twice its own
    tests then when they fail 5% of the time; with no regression, that
    answer in at least 90% of the trials and a commit named in at most
    10%.  Returns the lines that say which goals are missed."""
    def consistent(right, trials, target):
        tail = sum(math.comb(trials, k) * target ** k *
                   (1 - target) ** (trials - k) for k in range(right + 1))
        return tail >= 0.025

    out, target, table = [], None, ""
    checked = missed = 0
    for line in lines:
        m = re.match(r"(.*), target (0\.9+)", line)
        if m and not line.startswith("|"):
            table, target = m.group(1), float(m.group(2))
        if line.startswith("No regression"):
            table, target = "no regression", None
        cells = [c.strip() for c in line.strip("|").split("|")]
        if not line.startswith("|") or not cells[0][:1].isdigit():
            continue
        if table == "no regression":
            none, named = (c.split("/") for c in cells[3].split(", ")[:2])
            checked += 1
            if int(none[0]) < 0.9 * int(none[1]) or \
               int(named[0]) > 0.1 * int(named[1]):
                missed += 1
                out.append("- no regression, %s commits, r = %s: %s" %
                           (cells[0], cells[1], cells[3]))
            continue
        s_rate, f_rate = cells[0], cells[1]
        new = cells[3] if len(cells) > 3 else cells[2]
        right, trials = (int(x) for x in new.split(",")[0].split("/"))
        checked += 1
        if not consistent(right, trials, target):
            missed += 1
            out.append("- %s, target %s, s = %s, f = %s: right %d/%d" %
                       (table, target, s_rate, f_rate, right, trials))
        if len(cells) == 6 and s_rate in ("0.3", "0.5", "0.8"):
            ratio = cells[4] if f_rate == "0" else cells[5]
            goal = {"0": 1.25, "0.05": 2.0}.get(f_rate)
            if goal:
                checked += 1
                if float(ratio) > goal:
                    missed += 1
                    out.append("- 1,000 commits, s = %s, f = %s: %s times "
                               "the tests %s (goal: at most %s)" %
                               (s_rate, f_rate, ratio, "of the default before"
                                if f_rate == "0" else "at f = 0", goal))
    return ["Against the goals (%d checked, %d missed)%s" %
            (checked, missed, ":" if out else "."), ""] + out


def robust_section():
    """The section of RESULTS.md that bench/robust_default.sh measures."""
    if not os.path.exists(ROBUST):
        return kept_sections(ROBUST_TITLE)
    out = ["", ROBUST_TITLE, "",
           "\"git bisect run\" without confidence options, before the run-default "
           "topic (`--confidence-good auto --confidence-bad 1`: failures certain) "
           "and after it (both rates learned, kept in order, with \"no "
           "regression\" weighed), and with the true rates stated, in the "
           "simulator (the real engine, common random numbers): a bug that "
           "makes the test fail with probability s on bad commits, the "
           "test failing with probability f on good ones.  Right: the "
           "culprit named; tests: mean and 95th percentile.  The new "
           "default's prior on the rate on good commits is uniform from 0 "
           "to 0.2, with no mass of its own at 0: that is what it costs "
           "when good commits never fail, and what keeps it right when "
           "they do (the message of \"bisect-stochastic: weigh the "
           "hypothesis that there is no regression\" gives the "
           "measurement).", ""]
    table = read_lines(ROBUST)
    out += table
    out += [""] + robust_goals(table)
    plot = robust_plot(table, os.path.join(TOP, "bench", "plots"))
    if plot:
        out += ["", "![%s](plots/%s)" % (os.path.basename(plot),
                                          os.path.basename(plot))]
    end_to_end = (
        (END_TO_END_FLAKE, "End to end (`FLAKE=5 bench/end_to_end.sh 50`): the "
         "real `git bisect run` on the demo's history, a bug that the test "
         "shows half of the time, and the test failing 5 times in 100 on any "
         "commit anyway; plain, told 0.67/1, and without options (the new "
         "default):"),
        (END_TO_END_NO_REGRESSION, "End to end with no regression "
         "(`REGRESSION=no bench/end_to_end.sh 50`): the same, but no commit "
         "changes the test, which fails 30 times in 100 on every commit; "
         "\"right\" is \"no regression\", which only the new default can "
         "conclude:"))
    for path, caption in end_to_end:
        if os.path.exists(path):
            out += ["", caption, "", "```"] + read_lines(path) + ["```"]
    if os.path.exists(STEP_COST_LEARNED):
        out += ["", "The CPU cost of a step with both rates learned "
                "(`bench/step_cost.py --learned`): one \"auto\" verdict on "
                "each of 243 commits spread over git.git's whole history, one "
                "in five wrong, against a normal step on the same range.", ""]
        out += read_lines(STEP_COST_LEARNED)
    return out


# written by bench/any_rates.sh, bench/misspec.sh, bench/bayesect.py,
# bench/end_to_end_rates.sh, and the experiments of wip/issue-44-confirm/
# and wip/issue-44-rule-out/
ANY_RATES = os.path.join(WORK, "any-rates.txt")
MISSPEC = os.path.join(WORK, "misspec.txt")
BAYESECT = os.path.join(WORK, "bayesect.txt")
END_TO_END_RATES = os.path.join(WORK, "end-to-end-rates.txt")
CONFIRM = os.path.join(WORK, "confirm.txt")
RULE_OUT = os.path.join(WORK, "rule-out.txt")
ANY_RATES_TITLE = "## Any rates: tests that fail often on good commits (`bench/any_rates.sh`)"


def binomial_consistent(k, n, p):
    """Could k successes in n trials come from a rate of at least p?
    (the chance of k or fewer is at least 2.5%)"""
    return sum(math.comb(n, i) * p ** i * (1 - p) ** (n - i)
               for i in range(k + 1)) >= 0.025


def any_rates_goals():
    """Issue 44's goals, checked against the files of its benchmarks;
    the lines of a table, one goal a row."""
    rows = []
    if os.path.exists(ANY_RATES):
        table, target, kind = "", None, None
        grid = []
        noreg = []
        cost = []
        for line in read_lines(ANY_RATES):
            if not line.startswith("|"):
                m = re.match(r"(.*?), target (0\.9+)", line)
                if m:
                    table, target = m.group(1), float(m.group(2))
                    kind = "grid"
                if line.startswith("No regression"):
                    kind = "noreg"
                if "good commits never failing" in line:
                    kind = "cost"
                continue
            cells = [c.strip() for c in line.strip("|").split("|")]
            if not cells[0][:1].isdigit():
                continue
            if kind == "grid":
                default = cells[3] if len(cells) == 5 else cells[2]
                right, trials = (int(x) for x in
                                 default.split(",")[0].split("/"))
                grid.append((table, target, cells[0], cells[1], right,
                             trials))
            elif kind == "noreg":
                nr, named = (c.split("/") for c in
                             cells[-1].split(", ")[:2])
                noreg.append((table, target, cells[0], int(nr[0]),
                              int(named[0]), int(nr[1])))
            elif kind == "cost":
                cost.append((table, target, cells[0], float(cells[3])))
        missed = [g for g in grid
                  if not binomial_consistent(g[4], g[5], g[1])]
        rows.append("| right at the target, every cell of the grid | "
                    "%d of %d cells | %s |" % (
                        len(grid) - len(missed), len(grid),
                        "; ".join("%s, target %s, s = %s, f = %s: %d/%d" %
                                  g for g in missed) or "met"))
        named = [g for g in noreg
                 if not binomial_consistent(g[5] - g[4], g[5], g[1])]
        rows.append("| no regression: a commit named in at most 1 - target "
                    "of the trials | %d of %d rows | %s |" % (
                        len(noreg) - len(named), len(noreg),
                        "; ".join("%s, target %s, r = %s: %d/%d named" %
                                  (g[0], g[1], g[2], g[4], g[5])
                                  for g in named) or "met"))
        slow = [g for g in noreg if g[3] < 0.6 * g[5]]
        rows.append("| no regression: concluded within 600 runs in 60%% "
                    "of the trials | %d of %d rows | %s |" % (
                        len(noreg) - len(slow), len(noreg),
                        "; ".join("%s, target %s, r = %s: %d/%d" %
                                  (g[0], g[1], g[2], g[3], g[5])
                                  for g in slow) or "met"))
        dear = [g for g in cost if g[3] > 1.25]
        rows.append("| f = 0: at most 1.25 times the runs of the one-sided "
                    "default | %d of %d rows | %s |" % (
                        len(cost) - len(dear), len(cost),
                        "; ".join("%s, target %s, s = %s: %.2f" % g
                                  for g in dear) or "met"))
    if os.path.exists(BAYESECT):
        for line in read_lines(BAYESECT):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if cells[0] == "0.6 / 0.3":
                ratio = float(cells[5])
                rows.append("| 60 %% / 30 %%: at most 1.2 times "
                            "git_bayesect's mean runs | %.2f | %s |" % (
                                ratio, "met" if ratio <= 1.2 else "missed"))
    if os.path.exists(MISSPEC):
        for line in read_lines(MISSPEC):
            cells = [c.strip() for c in line.strip("|").split("|")]
            m = re.match(r"(\d+)/(\d+)", cells[1]) if len(cells) > 1 \
                else None
            if not m or "control" in cells[0]:
                continue
            right, n = int(m.group(1)), int(m.group(2))
            rows.append("| wrong model, %s: wrong at most twice 1 - 0.9 "
                        "| %s | %s |" % (
                            cells[0].split(" ")[0], cells[1],
                            "met" if right >= 0.8 * n else "missed"))
    if os.path.exists(END_TO_END_RATES):
        for line in read_lines(END_TO_END_RATES):
            m = re.match(r"\| (\d+)/(\d+) = ", line)
            if m:
                right, n = int(m.group(1)), int(m.group(2))
                rows.append("| end to end, 60 %% / 30 %%: right in 90 %% "
                            "| %d/%d | %s |" % (
                                right, n,
                                "met" if right >= 0.9 * n else "missed"))
    if not rows:
        return []
    return ["Issue 44's goals, checked by `bench/evaluate.py` against "
            "the tables below (\"right at the target\": the chance of so "
            "few right answers at the target's rate is at least 2.5 %):",
            "", "| goal | measured | cells that miss it |", "|---|---|---|"
            ] + rows + [""]


def any_rates_section():
    """The section of RESULTS.md that issue 44's benchmarks measure."""
    if not os.path.exists(ANY_RATES):
        return kept_sections(ANY_RATES_TITLE)
    out = ["", ANY_RATES_TITLE, "",
           "\"git bisect run\" without confidence options (both rates "
           "learned, \"no regression\" weighed) against tests that fail "
           "with probability s on bad commits and f on good ones, in the "
           "simulator (the real engine, common random numbers), before "
           "issue 44 (the prior of f stopped at 0.2), with the prior of f "
           "over every rate (weights 1 / (j + 1)) and \"no regression\" "
           "waiting for the ends to rule out a change of 0.15 with a "
           "quarter of the error the target allows (a table measured "
           "before that, when the ends ruled out 0.25 at the target, says "
           "so above it), and with the true rates stated.", ""]
    out += any_rates_goals()
    out += read_lines(ANY_RATES)
    if os.path.exists(BAYESECT):
        out += ["", "Against git_bayesect (`bench/bayesect.py`), on the "
                "same culprits and random numbers:", ""]
        out += read_lines(BAYESECT)
    if os.path.exists(END_TO_END_RATES):
        out += ["", "End to end (`bench/end_to_end_rates.sh`):", ""]
        out += read_lines(END_TO_END_RATES)
    if os.path.exists(MISSPEC):
        out += ["", "Calibration under a wrong model (`bench/misspec.sh`): "
                "the default of \"git bisect run\" against tests that are "
                "not independent draws at two rates.", ""]
        out += read_lines(MISSPEC)
    if os.path.exists(CONFIRM):
        out += ["", "What re-testing the answer and its parent before "
                "stopping would buy (an experiment, not in the series: "
                "`wip/issue-44-confirm/`):", ""]
        out += read_lines(CONFIRM)
    if os.path.exists(RULE_OUT):
        out += ["", "How strictly the ends must rule out a change before "
                "\"no regression\" (an experiment, not in the series: "
                "`wip/issue-44-rule-out/`):", ""]
        out += read_lines(RULE_OUT)
    return out


END_TO_END_TITLE = "## End to end: the real `git bisect run` (bench/end_to_end.sh)"


# written by bench/parallel.py and bench/end_to_end_jobs.sh
PARALLEL = os.path.join(WORK, "parallel.txt")
PARALLEL_JSON = os.path.join(WORK, "parallel.json")
END_TO_END_JOBS = os.path.join(WORK, "end-to-end-jobs.txt")
PARALLEL_TITLE = "## Several tests at once: `git bisect run --jobs` (`bench/parallel.py`)"


def two_panels(plotdir):
    """A figure of two panels side by side, one per history of
    bench_histories(), sharing the y axis; None without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    os.makedirs(plotdir, exist_ok=True)
    return plt.subplots(1, 2, figsize=(10, 4), sharey=True)


def write_bench_output(text, rows_json, lines, rows):
    """Write a benchmark's table and rows to build/eval/, and print it."""
    os.makedirs(WORK, exist_ok=True)
    with open(text, "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(rows_json, "w") as f:
        json.dump(rows, f, indent=1)
    print("\n".join(lines))


def log_log_axis(ax, ticks, xlabel, title):
    """One panel of a two-panel plot: log scales, the ticks labelled."""
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.set_xticks(ticks)
    ax.set_xticklabels(["%g" % t for t in ticks])
    ax.set_xlabel(xlabel)
    ax.set_title(title)


def save_panels(fig, axes, ylabel, plotdir, name):
    """Label and save a two-panel plot in plotdir; returns its path."""
    axes[0].set_ylabel(ylabel)
    axes[0].legend(fontsize="x-small")
    fig.tight_layout()
    path = os.path.join(plotdir, name)
    fig.savefig(path, dpi=100)
    import matplotlib.pyplot as plt
    plt.close(fig)
    return path


def plot_lines(rows_json, plot):
    """The lines of RESULTS.md that show what plot(rows, plotdir) draws
    of the rows in rows_json, if both are there."""
    if not os.path.exists(rows_json):
        return []
    with open(rows_json) as f:
        path = plot(json.load(f), os.path.join(TOP, "bench", "plots"))
    if not path:
        return []
    return ["", "![%s](plots/%s)" % (os.path.basename(path),
                                      os.path.basename(path))]


def bench_parser(doc):
    """The options bench/parallel.py and bench/measure.py share: the
    built Git, the seed, the simulations run at once."""
    p = argparse.ArgumentParser(description=doc.split("\n")[0])
    p.add_argument("--git-dir", default=BUILD)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    return p


def bench_histories():
    """The histories of bench/parallel.py and bench/measure.py, made
    once: (name, repo, [bad, good])."""
    return [
        ("linear-1000", prepare("linear-1000", linear_dag(1000)),
         ["bad", "good"]),
        ("git v2.54.0..v2.55.0", prepare_shape(), ["v2.55.0", "v2.54.0"]),
    ]


def parallel_plot(rows, plotdir):
    """Rounds against k at target 0.9, the rates stated, for each bug and
    history, beside the information bound B / k; returns the plot's
    path, or None without matplotlib."""
    panels = two_panels(plotdir)
    if not panels:
        return None
    fig, axes = panels
    for ax, history in zip(axes, ("linear-1000", "git v2.54.0..v2.55.0")):
        for i, rate in enumerate(("0.3", "0.5", "0.8")):
            pts = sorted((r["k"], r["rounds"], r["bound_rounds"]) for r in rows
                         if r["history"] == history and r["rate"] == rate and
                         r["target"] == "0.9" and r["rates"] == "stated")
            if not pts:
                continue
            ax.plot([p[0] for p in pts], [p[1] for p in pts], "-o",
                    color="C%d" % i, label="bug shows %s" % rate)
            ax.plot([p[0] for p in pts], [p[2] for p in pts], ":",
                    color="C%d" % i, label="bound, %s" % rate)
        log_log_axis(ax, [1, 2, 4, 8], "k: tests run at once", history)
    return save_panels(fig, axes, "rounds (time of one test), target 0.9",
                       plotdir, "parallel-rounds.png")


def parallel_section():
    """The section of RESULTS.md that bench/parallel.py and
    bench/end_to_end_jobs.sh measure."""
    if not os.path.exists(PARALLEL):
        return kept_sections(PARALLEL_TITLE)
    limit = ("A batch of k tests tells at most log2(k + 1) bits, where k tests "
             "one after the other tell k times the capacity C of the channel: "
             "no batch of 4 matches 4 tests in a row when C is above log2(5) / 4 "
             "= %.2f, as for a bug that shows 8 times in 10 (C = %.2f), and the "
             "verdicts of a batch are noisy too (C = %.2f and %.2f for a bug "
             "that shows 5 and 3 times in 10)." % (
                 math.log2(5) / 4, capacity("flaky", "0.8"),
                 capacity("flaky", "0.5"), capacity("flaky", "0.3")))
    out = ["", PARALLEL_TITLE, "",
           "Rounds of up to k tests, each chosen as `git bisect next --batch` "
           "chooses it, given the others of the round (`test-tool bisect-sim "
           "--jobs`, the real engine, common random numbers).  A round is the "
           "time of one test; for k = 1, rounds = tests.  \"stated\": the "
           "confidences of the flaky bug stated truthfully; \"learned\": both "
           "rates learned (`auto`, the default of `git bisect run`).  The last "
           "column is the information bound for k parallel tests, B / k "
           "rounds, over the rounds of k = 1.  Goals: at k = 4 at most 0.4 "
           "times the rounds and 1.25 times the tests, at k = 8 at most 0.25 "
           "times the rounds, right at or above the target within the 95% "
           "interval.  " + limit, "", "```"]
    out += read_lines(PARALLEL) + ["```"]
    if os.path.exists(END_TO_END_JOBS):
        out += ["", "End to end (`bench/end_to_end_jobs.sh 10`): the real "
                "`git bisect run --jobs 4` against `git bisect run`, both "
                "without confidence options, on the demo's history and test, "
                "each run of the test taking a second:", "", "```"]
        out += read_lines(END_TO_END_JOBS) + ["```"]
    return out + plot_lines(PARALLEL_JSON, parallel_plot)




# written by bench/measure.py
MEASURE = os.path.join(WORK, "measure.txt")
MEASURE_JSON = os.path.join(WORK, "measure.json")
MEASURE_TITLE = "## Measurements: `git bisect run --measure` (`bench/measure.py`)"


def measure_plot(rows, plotdir):
    """Mean runs against the shift d at target 0.9, Gaussian noise, for
    the measurements, the two baselines and the bound, on each history;
    returns the plot's path, or None without matplotlib."""
    panels = two_panels(plotdir)
    if not panels:
        return None
    fig, axes = panels
    for ax, history in zip(axes, ("linear-1000", "git v2.54.0..v2.55.0")):
        pts = sorted((float(r["d"]), r) for r in rows
                     if r["history"] == history and r["target"] == "0.9" and
                     r["noise"] == "gauss" and float(r["d"]))
        if not pts:
            continue
        ds = [p[0] for p in pts]
        ax.plot(ds, [p[1]["measure"]["mean"] for p in pts], "-o",
                label="measurements (this topic)")
        for key, style, label in (("threshold", "-s", "(i) threshold, rates learned"),
                                  ("pinpoint", "-^", "(ii) Pinpoint-like")):
            sub = [(p[0], p[1][key]["mean"]) for p in pts if key in p[1]]
            if sub:
                ax.plot([s[0] for s in sub], [s[1] for s in sub], style,
                        label=label)
        ax.plot(ds, [p[1]["bound"] for p in pts], ":k",
                label="(iii) bound, levels known")
        log_log_axis(ax, ds, "shift d, in spreads", history)
    return save_panels(fig, axes, "runs of the benchmark, target 0.9",
                       plotdir, "measure-runs.png")


def measure_section():
    """The section of RESULTS.md that bench/measure.py measures."""
    if not os.path.exists(MEASURE):
        return kept_sections(MEASURE_TITLE)
    out = ["", MEASURE_TITLE, "",
           "A simulated benchmark on the real engine (`test-tool bisect-sim "
           "--noise=gauss:<d>[:0.05]`): a run gives a number, Gaussian with a "
           "spread of 1, shifted by d at the first bad commit, with one run "
           "in twenty an outlier 5 spreads off in the \"5% outliers\" rows; "
           "d = 0 is no regression (the column says how often a commit was "
           "named, and how often \"no regression\" was concluded).  (i) is the "
           "series before this topic on the same trials: each number turned "
           "into \"bad\" above d/2 with both rates learned; (ii) a "
           "Pinpoint-like binary search sampling each commit until a rank "
           "test separates it from an end, its level chosen on other trials "
           "(Python, linear history only); the ratios are the mean runs of "
           "the measurements over those of (i) and (ii), and over the "
           "information bound of an ideal bisector that knows the levels "
           "and the spread (iii).  The accuracy of the baselines follows the "
           "table: where they are wrong, fewer runs mean nothing.  Goals: "
           "right at the target within the 95% interval everywhere; at d = 1 "
           "at most 0.7 times the runs of (i) and half those of (ii); within "
           "1.5 times the bound for d >= 1; at d = 0 a commit named in at "
           "most 1 - target of the trials.  The second table is of the same "
           "trials with the direction of the shift stated (`git bisect "
           "start --higher-is-worse`).", "", "```"]
    out += read_lines(MEASURE) + ["```"]
    return out + measure_goals() + plot_lines(MEASURE_JSON, measure_plot)


def measure_goals():
    """The goals on runs of bench/measure.py, from its rows: how many of
    the settings meet each, and the range of the ratios."""
    if not os.path.exists(MEASURE_JSON):
        return []
    with open(MEASURE_JSON) as f:
        rows = json.load(f)
    goals = (("at d = 1, runs over those of (i), at most 0.7",
              [r["threshold"]["ratio"] for r in rows
               if r["d"] == "1" and "threshold" in r], 0.7),
             ("at d = 1, runs over those of (ii), at most 0.5",
              [r["pinpoint"]["ratio"] for r in rows
               if r["d"] == "1" and "pinpoint" in r], 0.5),
             ("for d >= 1, runs over the bound, at most 1.5",
              [r["measure"]["mean"] / r["bound"] for r in rows
               if float(r["d"]) >= 1], 1.5))
    out = ["", "Goals on the runs:", ""]
    for text, ratios, limit in goals:
        out.append("- %s: met in %d of %d settings (%.2f to %.2f)" % (
            text, sum(1 for x in ratios if x <= limit), len(ratios),
            min(ratios), max(ratios)))
    stated = [r for r in rows if "stated" in r]
    if stated:
        ratios = lambda d: [r["stated"]["ratio"] for r in stated
                            if (float(r["d"]) >= 1) == d and
                            r["d"] != "0" and r["target"] == "0.9"]
        no_change = [r["stated"]["ratio"] for r in stated
                     if r["d"] == "0" and r["target"] == "0.9"]
        out += ["", "With the direction stated, runs over those without, "
                "at target 0.9: %.2f to %.2f without a shift (to \"no "
                "regression\"), %.2f to %.2f at d = 0.5, %.2f to %.2f for "
                "d >= 1." % (min(no_change), max(no_change),
                             min(ratios(False)), max(ratios(False)),
                             min(ratios(True)), max(ratios(True)))]
    return out


def end_to_end_section():
    """The section of RESULTS.md that bench/end_to_end.sh measures:
    "bench/end_to_end.sh 50 50 >build/eval/end-to-end.txt", then
    "bench/end_to_end.sh 50 30 >>build/eval/end-to-end.txt"."""
    if not os.path.exists(END_TO_END):
        return kept_sections(END_TO_END_TITLE)
    return ["", END_TO_END_TITLE, "",
            "The demo's scenario run for real, with a seeded flaky script, "
            "against the simulator's prediction for the same scenario; "
            "\"learned\" is `git bisect run` without options:", "",
            "```"] + read_lines(END_TO_END) + ["```"]


def splice_section(results, section):
    """Replace the section of an existing RESULTS.md that has the title
    of section[0] (the line after a blank one), or add it before the
    plots."""
    with open(results) as f:
        lines = f.read().rstrip("\n").split("\n")
    if not section:
        return
    title = section[1]
    start = next((i for i, l in enumerate(lines) if l == title), None)
    if start is None:
        start = next((i for i, l in enumerate(lines) if l == "## Plots"), None)
        if start is None:
            sys.exit("no section %s in %s: run make evaluate" % (title, results))
        end = start
    else:
        end = next((i for i in range(start + 1, len(lines))
                    if lines[i].startswith("## ")), len(lines))
    with open(results, "w") as f:
        f.write("\n".join(lines[:start] + section[1:] + [""] + lines[end:]) + "\n")


# The scenarios "make evaluate BASE=<other base>" runs on both bases.
PORT_HISTORIES = (("linear-1000", 300), ("git v2.54.0..v2.55.0", 200))
PORT_MODELS = (("symmetric", "0.1", None), ("symmetric", "0.3", None),
               ("flaky", "0.3", None), ("flaky", "0.5", None),
               ("flaky", "0.8", None), ("flaky", "0.5", ("auto", "1")))


def base_of(git_dir):
    """The base of a build in build/<base>/git."""
    return os.path.basename(os.path.dirname(os.path.abspath(git_dir)))


def port_comparison(runner, port_tool, seed):
    """The stochastic policy on the same trials with the series on two
    bases: the headline scenarios and those of the git range, stated
    confidences and learned ones."""
    repos = {"linear-1000": (prepare("linear-1000", linear_dag(1000)), ["bad", "good"]),
             "git v2.54.0..v2.55.0": (prepare_shape(), ["v2.55.0", "v2.54.0"])}
    pending = []
    for name, trials in PORT_HISTORIES:
        repo, revs = repos[name]
        n = candidates(repo, revs)
        for noise, rate, conf in PORT_MODELS:
            for target in (0.9, 0.99):
                runs = [runner.run(repo, revs, "stochastic", noise, rate, target,
                                   trials, seed, conf=conf, tool=tool)
                        for tool in (None, port_tool)]
                pending.append(({"history": name, "n": n, "noise": noise,
                                 "rate": rate, "target": target,
                                 "learned": bool(conf),
                                 "bound": bound(n, target, noise, rate)}, runs))
    rows = []
    for row, (this, port) in pending:
        this, port = this.result(), port.result()
        row["this"], row["port"] = summarize(*this), summarize(*port)
        row["identical"] = this == port
        rows.append(row)
        print("%-22s %-14s %-4s %-7s  %.1f tests acc %.3f | %.1f tests acc %.3f%s" % (
            row["history"], noise_name(row), row["target"],
            "learned" if row["learned"] else "stated",
            row["this"]["mean"], row["this"]["acc"],
            row["port"]["mean"], row["port"]["acc"],
            "" if row["identical"] else "  (trials differ)"), flush=True)
    return rows


def port_section():
    """The sections "make evaluate BASE=<other base>" wrote."""
    saved_ports = sorted(name for name in (
        os.listdir(WORK) if os.path.isdir(WORK) else ())
        if name.startswith("port-") and name.endswith(".json"))
    if not saved_ports:
        return kept_sections(PORT_TITLE)
    out = []
    for name in saved_ports:
        with open(os.path.join(WORK, name)) as f:
            saved = json.load(f)
        this, port = saved["this"], saved["port"]
        out += ["", PORT_TITLE + "%s (`make evaluate BASE=%s`)" % (
            port, port), ""]
        out.append("The series on Git %s and on Git %s, built from their own "
                   "trees, run by the simulator on the same trials (seed %d, "
                   "%s): the stochastic policy on the headline scenarios and "
                   "on the git range, with the confidences stated and, last, "
                   "with the rate learned (`auto`).  The last column says "
                   "whether the two gave the same number of tests and the "
                   "same answer on every trial." % (
                       this, port, saved["seed"], saved["date"]))
        out.append("")
        head = ["history", "N", "noise", "confidences", "target",
                "%s: tests (p95)" % this, "/B", "accuracy [95%]",
                "%s: tests (p95)" % port, "/B", "accuracy [95%]",
                "every trial the same"]
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + "---|" * len(head))
        for r in saved["rows"]:
            cols = [r["history"], "%d" % r["n"], noise_name(r),
                    "auto" if r["learned"] else "stated", "%s" % r["target"]]
            for k in ("this", "port"):
                c = cells(r, k)
                cols += [c[0], c[2], c[1]]
            cols.append("yes" if r["identical"] else "**no**")
            out.append("| " + " | ".join(cols) + " |")
    return out


def h(x):
    return 0.0 if x <= 0 or x >= 1 else -x * math.log2(x) - (1 - x) * math.log2(1 - x)


def capacity(noise, rate):
    rate = float(rate)
    if noise == "symmetric":
        return 1 - h(rate)
    p = rate
    return math.log2(1 + p * (1 - p) ** ((1 - p) / p))


def bound(n, target, noise, rate):
    d = 1 - target
    if n < 2:
        return 0.0
    return (math.log2(n) - h(d) - d * math.log2(n - 1)) / capacity(noise, rate)


def wilson(k, n, z=1.96):
    if not n:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def linear_dag(n):
    return "\n".join(["# linear", "c"] + ["c %d" % i for i in range(n)] +
                     ["t good 0", "t bad %d" % n]) + "\n"


# The 11-commit history with merges of the tests (A..K, A good):
#   A-B-C-----F-G---J-K
#      \     /     /
#       D---E-H---I
MERGES_DAG = """# eleven commits with merges
c
c 0
c 1
c 1
c 3
c 2 4
c 5
c 4
c 7
c 6 8
c 9
t good 0
t bad 10
"""


def prepare(name, dag_text):
    repo = os.path.join(WORK, name)
    if not os.path.isdir(repo):
        os.makedirs(WORK, exist_ok=True)
        subprocess.run([sys.executable, os.path.join(TOP, "scripts", "import-dag.py"),
                        "-", repo], input=dag_text.encode(), check=True,
                       stdout=subprocess.DEVNULL)
    return repo


def prepare_shape():
    if not os.path.isdir(SHAPE):
        subprocess.run([sys.executable, os.path.join(TOP, "scripts", "import-dag.py"),
                        os.path.join(TOP, "data", "git.git.dag.gz"), SHAPE],
                       check=True, stdout=subprocess.DEVNULL)
    return SHAPE


def simulate(tool, repo, revs, policy, noise, rate, target, trials, seed,
             repeat=1, conf=None):
    args = [tool, "bisect-sim", "--policy=" + policy,
            "--noise=%s:%s" % (noise, rate), "--target=%s" % target,
            "--trials=%d" % trials, "--seed=%d" % seed,
            "--repeat=%d" % repeat]
    if conf:
        args += ["--confidence-good=%s" % conf[0], "--confidence-bad=%s" % conf[1]]
    out = subprocess.run(args + revs, cwd=repo, check=True,
                         stdout=subprocess.PIPE).stdout.decode()
    tests, right = [], 0
    for line in out.splitlines():
        _, culprit, reported, n = line.split()
        tests.append(int(n))
        right += culprit == reported
    return tests, right


def summarize(tests, right):
    n = len(tests)
    s = sorted(tests)
    return {
        "mean": sum(tests) / n,
        "p95": s[min(n - 1, int(math.ceil(0.95 * n)) - 1)],
        "acc": right / n,
        "ci": wilson(right, n),
        "n": n,
    }


def candidates(repo, revs):
    out = subprocess.run(["git", "rev-list", "--count", revs[0]] +
                         ["^" + r for r in revs[1:]], cwd=repo, check=True,
                         stdout=subprocess.PIPE).stdout.decode()
    return int(out)


class Runner:
    def __init__(self, tool, jobs):
        self.tool = tool
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)

    def run(self, repo, revs, policy, noise, rate, target, trials, seed,
            repeat=1, conf=None, tool=None):
        return self.pool.submit(simulate, tool or self.tool, repo, revs, policy,
                                noise, rate, target, trials, seed, repeat, conf)


def plain_k(runner, repo, revs, noise, rate, target, trials, seed, kmax=61):
    """The smallest number of repeats that reaches the target accuracy."""
    ks = range(1, kmax + 1) if noise == "flaky" else range(1, kmax + 1, 2)
    for k in ks:
        tests, right = runner.run(repo, revs, "plain", noise, rate, target,
                                  trials, seed, repeat=k).result()
        if right / len(tests) >= target:
            return k, summarize(tests, right)
    return None, summarize(tests, right)


def scenario(runner, name, repo, revs, noise, rate, target, trials, seed,
             with_plain=True):
    n = candidates(repo, revs)
    futures = {p: runner.run(repo, revs, p, noise, rate, target, trials, seed)
               for p in ("stochastic", "median")}
    if with_plain:
        futures["plain k=1"] = runner.run(repo, revs, "plain", noise, rate,
                                          target, trials, seed, repeat=1)
    row = {"history": name, "n": n, "noise": noise, "rate": rate,
           "target": target, "bound": bound(n, target, noise, rate)}
    for p, f in futures.items():
        row[p] = summarize(*f.result())
    if with_plain:
        row["k"], row["plain k*"] = plain_k(runner, repo, revs, noise, rate,
                                            target, trials, seed)
    return row


def cells(row, p):
    """mean (p95), accuracy [95% interval], mean / bound"""
    s = row.get(p)
    if not s:
        return ["", "", ""]
    ratio = s["mean"] / row["bound"] if row["bound"] else float("nan")
    return ["%.1f (%d)" % (s["mean"], s["p95"]),
            "%.3f [%.2f, %.2f]" % (s["acc"], s["ci"][0], s["ci"][1]),
            "%.2f" % ratio]


def noise_name(row):
    if row["noise"] == "symmetric":
        return "symmetric e=%s" % row["rate"]
    return "flaky p=%s" % row["rate"]


def table(rows, out):
    head = ["history", "N", "noise", "target", "bound B",
            "stochastic: tests (p95)", "accuracy [95%]", "/B",
            "median rule: tests (p95)", "accuracy [95%]", "/B",
            "plain, k", "tests (p95)", "accuracy [95%]", "/B",
            "plain k=1: accuracy", "stochastic / plain k"]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "---|" * len(head))
    for r in rows:
        plain = r.get("plain k*")
        k = r.get("k")
        if plain is None:
            k_cell = "not run"
        elif k:
            k_cell = "k=%d" % k
        else:
            k_cell = "none up to 61"
        vs = "%.2f" % (r["stochastic"]["mean"] / plain["mean"]) if plain and k else ""
        cols = [r["history"], "%d" % r["n"], noise_name(r), "%s" % r["target"],
                "%.1f" % r["bound"]]
        cols += cells(r, "stochastic") + cells(r, "median")
        cols += [k_cell] + (cells(r, "plain k*") if plain else ["", "", ""])
        cols += ["%.3f" % r["plain k=1"]["acc"] if "plain k=1" in r else "", vs]
        out.append("| " + " | ".join(cols) + " |")


def quick(runner):
    """The subset "make test" checks."""
    failures = []
    lin100 = prepare("linear-100", linear_dag(100))
    lin1000 = prepare("linear-1000", linear_dag(1000))
    checks = [(lin100, "flaky", "0.5", 1.25), (lin1000, "flaky", "0.5", 1.25),
              (lin1000, "symmetric", "0.1", 1.4)]
    targets = (0.9, 0.99)
    learned_checks = [(lin100, "0.3"), (lin1000, "0.5")]
    print("1..%d" % (len(checks) * len(targets) + len(learned_checks)), flush=True)
    for repo, noise, rate, limit in checks:
        for target in targets:
            tests, right = runner.run(repo, ["bad", "good"], "stochastic", noise,
                                      rate, target, 200, 1).result()
            s = summarize(tests, right)
            n = candidates(repo, ["bad", "good"])
            b = bound(n, target, noise, rate)
            se = math.sqrt(target * (1 - target) / s["n"])
            ok_acc = s["acc"] >= target - 3 * se
            ok_tests = s["mean"] <= limit * b
            print("%s - N=%d %s:%s target %s: accuracy %.3f (>= %.3f), "
                  "mean tests %.1f = %.2f x bound (<= %.2f)" % (
                      "ok" if ok_acc and ok_tests else "not ok", n, noise, rate,
                      target, s["acc"], target - 3 * se, s["mean"],
                      s["mean"] / b, limit))
            if not (ok_acc and ok_tests):
                failures.append((n, noise, rate, target))
    target = 0.9
    for repo, rate in learned_checks:
        known = runner.run(repo, ["bad", "good"], "stochastic", "flaky", rate,
                           target, 200, 1)
        learned = runner.run(repo, ["bad", "good"], "stochastic", "flaky", rate,
                             target, 200, 1, conf=("auto", "1"))
        k, s = summarize(*known.result()), summarize(*learned.result())
        n = candidates(repo, ["bad", "good"])
        se = math.sqrt(target * (1 - target) / s["n"])
        ok_acc = s["acc"] >= target - 3 * se
        ok_tests = s["mean"] <= 1.7 * k["mean"]
        print("%s - N=%d flaky:%s learned, target %s: accuracy %.3f (>= %.3f), "
              "mean tests %.1f = %.2f x known (<= 1.70)" % (
                  "ok" if ok_acc and ok_tests else "not ok", n, rate, target,
                  s["acc"], target - 3 * se, s["mean"], s["mean"] / k["mean"]))
        if not (ok_acc and ok_tests):
            failures.append((n, "learned", rate, target))
    return not failures


# How often the bug shows, for the scenarios of "--confidence auto".
LEARNED_RATES = ("0.2", "0.3", "0.5", "0.8")


def learned_scenarios(runner, seed):
    """--confidence auto against the same trials with the rates known."""
    histories = [("linear-100", prepare("linear-100", linear_dag(100)), ["bad", "good"], 400),
                 ("linear-1000", prepare("linear-1000", linear_dag(1000)), ["bad", "good"], 300),
                 ("git v2.54.0..v2.55.0", prepare_shape(), ["v2.55.0", "v2.54.0"], 100)]
    models = [("flaky", rate, ("auto", "1")) for rate in LEARNED_RATES]
    models.append(("two-sided", "0.5:0.05", ("auto", "auto")))
    pending = []
    for name, repo, revs, trials in histories:
        n = candidates(repo, revs)
        for noise, rate, conf in models:
            for target in (0.9, 0.99):
                known = runner.run(repo, revs, "stochastic", noise, rate, target,
                                   trials, seed)
                learned = runner.run(repo, revs, "stochastic", noise, rate, target,
                                     trials, seed, conf=conf)
                pending.append(({"history": name, "n": n, "noise": noise,
                                 "rate": rate, "target": target}, known, learned))
    rows = []
    for row, known, learned in pending:
        row["known"] = summarize(*known.result())
        row["learned"] = summarize(*learned.result())
        rows.append(row)
        print("%-22s %-9s %-8s %-4s  learned %.1f tests (p95 %d) acc %.3f | "
              "known %.1f (p95 %d) acc %.3f" % (
                  row["history"], row["noise"], row["rate"], row["target"],
                  row["learned"]["mean"], row["learned"]["p95"], row["learned"]["acc"],
                  row["known"]["mean"], row["known"]["p95"], row["known"]["acc"]),
              flush=True)
    return rows


def learned_table(rows, out):
    head = ["history", "N", "the test", "target",
            "learned: tests (p95)", "accuracy [95%]",
            "known: tests (p95)", "accuracy [95%]",
            "tests learned / known", "p95 learned / known"]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + "---|" * len(head))
    for r in rows:
        if r["noise"] == "two-sided":
            p, f = r["rate"].split(":")
            test = "shows p=%s, fails good f=%s" % (p, f)
        else:
            test = "shows p=%s" % r["rate"]
        cols = [r["history"], "%d" % r["n"], test, "%s" % r["target"]]
        for k in ("learned", "known"):
            s = r[k]
            cols += ["%.1f (%d)" % (s["mean"], s["p95"]),
                     "%.3f [%.2f, %.2f]" % (s["acc"], s["ci"][0], s["ci"][1])]
        cols += ["%.2f" % (r["learned"]["mean"] / r["known"]["mean"]),
                 "%.2f" % (r["learned"]["p95"] / r["known"]["p95"])]
        out.append("| " + " | ".join(cols) + " |")


def plots(rows, plotdir, learned=()):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is missing (Debian: python3-matplotlib): no plots")
        return []
    os.makedirs(plotdir, exist_ok=True)
    made = []
    lin = [r for r in rows if r["history"].startswith("linear")
           and r["noise"] == "flaky" and r["rate"] == "0.5" and r["target"] == 0.9]
    lin.sort(key=lambda r: r["n"])
    if lin:
        fig, ax = plt.subplots(figsize=(6, 4))
        ns = [r["n"] for r in lin]
        for p, style in (("stochastic", "o-"), ("median", "s--"), ("plain k*", "^-.")):
            ax.plot(ns, [r[p]["mean"] for r in lin if p in r], style, label=p)
        ax.plot(ns, [r["bound"] for r in lin], "k:", label="information bound")
        ax.set_xscale("log")
        ax.set_xlabel("candidates N (linear history)")
        ax.set_ylabel("mean tests to stop")
        ax.set_title("flaky bug, p = 0.5, target 0.9")
        ax.legend()
        fig.tight_layout()
        path = os.path.join(plotdir, "tests-vs-n.png")
        fig.savefig(path, dpi=100)
        made.append(path)
    acc = [r for r in rows if r["history"] == "linear-1000"]
    if acc:
        fig, ax = plt.subplots(figsize=(6, 4))
        models = sorted({noise_name(r) for r in acc})
        for i, model in enumerate(models):
            mine = [r for r in acc if noise_name(r) == model]
            xs = [r["target"] + (i - len(models) / 2) * 0.0015 for r in mine]
            ys = [r["stochastic"]["acc"] for r in mine]
            low = [max(0, y - r["stochastic"]["ci"][0]) for y, r in zip(ys, mine)]
            high = [max(0, r["stochastic"]["ci"][1] - y) for y, r in zip(ys, mine)]
            ax.errorbar(xs, ys, yerr=[low, high], fmt="o", capsize=3,
                        color="C%d" % i, label=model)
        ax.plot([0.88, 1.0], [0.88, 1.0], "k:", label="accuracy = target")
        ax.set_xlabel("target")
        ax.set_ylabel("accuracy (reported = culprit)")
        ax.set_title("calibration, linear history, N = 1000, 95% intervals")
        ax.legend(fontsize=8)
        fig.tight_layout()
        path = os.path.join(plotdir, "accuracy-vs-target.png")
        fig.savefig(path, dpi=100)
        made.append(path)
    lin = [r for r in learned if r["history"] == "linear-1000" and r["noise"] == "flaky"]
    if lin:
        fig, axes = plt.subplots(1, 2, figsize=(9, 4))
        for ax, target in zip(axes, (0.9, 0.99)):
            mine = sorted((r for r in lin if r["target"] == target),
                          key=lambda r: float(r["rate"]))
            xs = range(len(mine))
            ax.bar([x - 0.2 for x in xs], [r["known"]["mean"] for r in mine], 0.4,
                   label="rate stated")
            ax.bar([x + 0.2 for x in xs], [r["learned"]["mean"] for r in mine], 0.4,
                   label="rate learned (auto)")
            ax.set_xticks(list(xs))
            ax.set_xticklabels(["p = %s" % r["rate"] for r in mine])
            ax.set_ylabel("mean tests to stop")
            ax.set_title("target %s" % target)
            ax.legend(fontsize=8)
        fig.suptitle("flaky bug, linear history, N = 1000")
        fig.tight_layout()
        path = os.path.join(plotdir, "learned-vs-stated.png")
        fig.savefig(path, dpi=100)
        made.append(path)
    return made


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--git-dir", default=BUILD,
                   help="the built Git tree (with t/helper/test-tool)")
    p.add_argument("--quick", action="store_true")
    p.add_argument("--learned", action="store_true",
                   help="only the scenarios of --confidence auto")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--report-only", action="store_true",
                   help="rewrite the report from build/eval/results.json")
    p.add_argument("--port", metavar="GIT_DIR",
                   help="compare the series built in GIT_DIR, on another "
                   "base, with the one of --git-dir, and add the comparison "
                   "to the report")
    p.add_argument("--step-cost-only", action="store_true",
                   help="rewrite only the section that \"make bench\" measures")
    p.add_argument("--robust-only", action="store_true",
                   help="rewrite only the section of bench/robust_default.sh")
    p.add_argument("--any-rates-only", action="store_true",
                   help="rewrite only the section of bench/any_rates.sh "
                   "and bench/misspec.sh")
    p.add_argument("--end-to-end-only", action="store_true",
                   help="rewrite only the section of bench/end_to_end.sh")
    p.add_argument("--measure-only", action="store_true",
                   help="rewrite only the section of bench/measure.py")
    p.add_argument("--parallel-only", action="store_true",
                   help="rewrite only the section of bench/parallel.py and "
                   "bench/end_to_end_jobs.sh")
    args = p.parse_args()
    if args.step_cost_only:
        splice_section(os.path.join(TOP, "bench", "RESULTS.md"),
                       step_cost_section(base_of(args.git_dir)))
        return
    if args.robust_only:
        splice_section(os.path.join(TOP, "bench", "RESULTS.md"),
                       robust_section())
        return
    if args.end_to_end_only:
        splice_section(os.path.join(TOP, "bench", "RESULTS.md"),
                       end_to_end_section())
        return
    if args.any_rates_only:
        splice_section(os.path.join(TOP, "bench", "RESULTS.md"),
                       any_rates_section())
        return
    if args.measure_only:
        splice_section(os.path.join(TOP, "bench", "RESULTS.md"),
                       measure_section())
        return
    if args.parallel_only:
        splice_section(os.path.join(TOP, "bench", "RESULTS.md"),
                       parallel_section())
        return
    tool = os.path.join(os.path.abspath(args.git_dir), "t", "helper", "test-tool")
    runner = Runner(tool, args.jobs)

    if args.port:
        port_tool = os.path.join(os.path.abspath(args.port), "t", "helper",
                                 "test-tool")
        rows = port_comparison(runner, port_tool, args.seed)
        saved = {"this": base_of(args.git_dir), "port": base_of(args.port),
                 "seed": args.seed, "date": datetime.date.today().isoformat(),
                 "rows": rows}
        with open(os.path.join(WORK, "port-%s.json" % saved["port"]), "w") as f:
            json.dump(saved, f)
        splice_section(os.path.join(TOP, "bench", "RESULTS.md"), port_section())
        sys.exit(0 if all(r["identical"] for r in rows) else 1)

    if args.quick:
        sys.exit(0 if quick(runner) else 1)
    results = os.path.join(WORK, "results.json")
    if args.report_only or args.learned:
        with open(results) as f:
            saved = json.load(f)
        if args.learned:
            saved["learned"] = learned_scenarios(runner, args.seed)
            with open(results, "w") as f:
                json.dump(saved, f)
        write_report(saved["rows"], saved["robust"], args.seed,
                     saved.get("learned", []), saved.get("base"))
        return

    histories = [("linear-11", prepare("linear-11", linear_dag(11)), ["bad", "good"], 400),
                 ("merges-11", prepare("merges-11", MERGES_DAG), ["bad", "good"], 400),
                 ("linear-100", prepare("linear-100", linear_dag(100)), ["bad", "good"], 400),
                 ("linear-1000", prepare("linear-1000", linear_dag(1000)), ["bad", "good"], 300),
                 ("linear-12000", prepare("linear-12000", linear_dag(12000)), ["bad", "good"], 60),
                 ("git v2.54.0..v2.55.0", prepare_shape(), ["v2.55.0", "v2.54.0"], 200)]
    models = [("symmetric", "0.1"), ("symmetric", "0.3"),
              ("flaky", "0.3"), ("flaky", "0.5"), ("flaky", "0.8")]
    rows = []
    for name, repo, revs, trials in histories:
        for noise, rate in models:
            for target in (0.9, 0.99):
                r = scenario(runner, name, repo, revs, noise, rate, target,
                             trials, args.seed)
                rows.append(r)
                with open(results, "w") as f:
                    json.dump({"rows": rows, "robust": []}, f)
                print("%-22s %-14s %-4s  stochastic %.1f tests acc %.3f | median %.1f | "
                      "plain k=%s %.1f acc %.3f | bound %.1f" % (
                          name, noise_name(r), target, r["stochastic"]["mean"],
                          r["stochastic"]["acc"], r["median"]["mean"], r["k"],
                          r["plain k*"]["mean"], r["plain k*"]["acc"], r["bound"]),
                      flush=True)
    # The big merge-heavy range: a step costs about a second, so only
    # our policy, with two seeds run side by side.
    shape, revs = prepare_shape(), ["v2.55.0", "v2.39.0"]
    n = candidates(shape, revs)
    parts = [runner.run(shape, revs, "stochastic", "flaky", "0.5", 0.9, 20, seed)
             for seed in (args.seed, args.seed + 1000)]
    tests, right = [], 0
    for f in parts:
        t, r = f.result()
        tests += t
        right += r
    big = {"history": "git v2.39.0..v2.55.0", "n": n, "noise": "flaky",
           "rate": "0.5", "target": 0.9, "bound": bound(n, 0.9, "flaky", "0.5"),
           "stochastic": summarize(tests, right)}
    rows.append(big)
    print("big range: stochastic %.1f tests, acc %.3f, bound %.1f" % (
        big["stochastic"]["mean"], big["stochastic"]["acc"], big["bound"]), flush=True)

    # Robustness: confidences that misstate how often the bug shows.
    lin1000 = prepare("linear-1000", linear_dag(1000))
    robust = []
    for true_p, assumed_p in (("0.3", 0.5), ("0.5", 0.3)):
        conf = ("%.9f" % (1 / (2 - assumed_p)), "1")
        for target in (0.9, 0.99):
            tests, right = runner.run(lin1000, ["bad", "good"], "stochastic", "flaky",
                                      true_p, target, 300, args.seed,
                                      conf=conf).result()
            robust.append((true_p, assumed_p, target, summarize(tests, right)))
    learned = learned_scenarios(runner, args.seed)
    with open(results, "w") as f:
        json.dump({"rows": rows, "robust": robust, "learned": learned,
                   "base": base_of(args.git_dir)}, f)
    with open(END_TO_END, "w") as f:
        for percent in ("50", "30"):
            subprocess.run(["sh", os.path.join(TOP, "bench", "end_to_end.sh"),
                            "50", percent], check=True, stdout=f)
    subprocess.run([sys.executable, os.path.join(TOP, "bench", "parallel.py"),
                    "--git-dir", args.git_dir, "--seed", str(args.seed),
                    "--jobs", str(args.jobs)], check=True,
                   stdout=subprocess.DEVNULL)
    with open(END_TO_END_JOBS, "w") as f:
        subprocess.run(["sh", os.path.join(TOP, "bench", "end_to_end_jobs.sh"),
                        "10"], check=True, stdout=f)
    subprocess.run([sys.executable, os.path.join(TOP, "bench", "measure.py"),
                    "--git-dir", args.git_dir, "--seed", str(args.seed),
                    "--jobs", str(args.jobs)], check=True,
                   stdout=subprocess.DEVNULL)
    write_report(rows, robust, args.seed, learned, base_of(args.git_dir))


def write_report(rows, robust, seed, learned=(), base=None):
    out = ["# Stochastic bisection: tests needed and calibration", ""]
    out.append("Generated by `make evaluate` (bench/evaluate.py) with the series on "
               "Git %s, on %s, %s, %d cores; seed %d." % (
                   base or "(base not recorded)", datetime.date.today().isoformat(),
                   platform.platform(), os.cpu_count() or 0, seed))
    out.append("")
    out.append("Every number comes from `test-tool bisect-sim`, which runs the real "
               "search of bisect.c (posterior, choice of the next commit, stopping "
               "rule) against a simulated test; every policy sees the same culprits "
               "and the same random stream (common random numbers).  Policies: "
               "**stochastic** (the series: the most informative test), **median "
               "rule** (same posterior, test the commit closest to the middle), "
               "**plain, k** (normal bisection, every step tested up to k times: "
               "flaky, bad at the first failure and good after k passes; symmetric, "
               "majority of k; k the smallest that reaches the target accuracy), "
               "**plain k=1** (plain `git bisect`).  Confidences are truthful: "
               "symmetric error rate e, verdicts at 1 - e; flaky bug showing with "
               "probability p, failures at 1 and passes at 1/(2 - p).  Accuracy is "
               "the fraction of trials whose reported commit is the culprit, with a "
               "95% Wilson interval; /B is mean tests over the information bound "
               "B = (log2 N - h(d) - d log2(N-1)) / C.")
    out.append("")
    out.append("## Headlines (linear history, N = 1000)")
    out.append("")
    out.append("| noise | tests / bound at 0.9 | at 0.99 | accuracy at 0.9 | at 0.99 "
               "| tests vs repeated plain bisection at 0.9 | at 0.99 |")
    out.append("|---|---|---|---|---|---|---|")
    for model in sorted({noise_name(r) for r in rows}):
        by = {r["target"]: r for r in rows
              if r["history"] == "linear-1000" and noise_name(r) == model}
        if set(by) != {0.9, 0.99}:
            continue
        def vs(r):
            plain = r.get("plain k*")
            return ("%.2f (k=%d)" % (r["stochastic"]["mean"] / plain["mean"], r["k"])
                    if plain and r.get("k") else "")
        out.append("| %s | %.2f | %.2f | %.3f | %.3f | %s | %s |" % (
            model, by[0.9]["stochastic"]["mean"] / by[0.9]["bound"],
            by[0.99]["stochastic"]["mean"] / by[0.99]["bound"],
            by[0.9]["stochastic"]["acc"], by[0.99]["stochastic"]["acc"],
            vs(by[0.9]), vs(by[0.99])))
    out.append("")
    out.append("## All scenarios")
    out.append("")
    out.append("Trials per scenario: 400 (N = 10, 11, 100), 300 (N = 1000), 60 "
               "(N = 12000), 200 (git v2.54.0..v2.55.0); 40 on the 12,517-commit "
               "git v2.39.0..v2.55.0 range, where a step costs about a second, "
               "for our policy only.")
    out.append("")
    table(rows, out)
    out.append("")
    out.append("## Robustness: misstated flakiness (linear, N = 1000, 300 trials)")
    out.append("")
    out.append("The last two columns: the same trials with `--confidence auto`, "
               "the rate learned rather than stated.")
    out.append("")
    out.append("| bug shows with p | confidences assume p | target | mean tests (p95) "
               "| accuracy [95%] | auto: mean tests (p95) | auto: accuracy [95%] |")
    out.append("|---|---|---|---|---|---|---|")
    for true_p, assumed_p, target, s in robust:
        auto = [r["learned"] for r in learned if r["history"] == "linear-1000"
                and r["noise"] == "flaky" and r["rate"] == true_p
                and r["target"] == target]
        a = ("%.1f (%d) | %.3f [%.2f, %.2f]" % (
            auto[0]["mean"], auto[0]["p95"], auto[0]["acc"], auto[0]["ci"][0],
            auto[0]["ci"][1]) if auto else " | ")
        out.append("| %s | %s | %s | %.1f (%d) | %.3f [%.2f, %.2f] | %s |" % (
            true_p, assumed_p, target, s["mean"], s["p95"], s["acc"],
            s["ci"][0], s["ci"][1], a))
    if learned:
        out.append("")
        out.append("## Unknown flakiness: `--confidence auto`")
        out.append("")
        out.append("The rate at which the test shows the bug (and, two-sided, "
                   "the rate of failures on good commits) learned from the "
                   "verdicts (`--confidence-good auto --confidence-bad 1`, "
                   "what `git bisect run` did without options before the "
                   "run-default topic; two-sided, both `auto`, what it does now), against the same trials with truthful "
                   "confidences stated.  Trials: 400 (N = 100), 300 "
                   "(N = 1000), 100 (git v2.54.0..v2.55.0).")
        out.append("")
        learned_table(learned, out)
        out.append("")
        out.append("Against the goals, linear history, N = 1000 (mean tests with the "
                   "rate learned over the tests with it stated: at most 1.5 at "
                   "target 0.9 and 1.7 at 0.99; p95 at most 2 times):")
        out.append("")
        for r in learned:
            if r["history"] != "linear-1000" or r["noise"] != "flaky" or \
               r["rate"] not in ("0.3", "0.5", "0.8"):
                continue
            goal = 1.5 if r["target"] == 0.9 else 1.7
            ratio = r["learned"]["mean"] / r["known"]["mean"]
            p95 = r["learned"]["p95"] / r["known"]["p95"]
            out.append("- p = %s, target %s: %.2f (%s), p95 %.2f (%s)" % (
                r["rate"], r["target"], ratio,
                "met" if ratio <= goal else "missed by %.2f" % (ratio - goal),
                p95, "met" if p95 <= 2 else "missed"))
    out += end_to_end_section()
    for base in bases():
        out += step_cost_section(base)
    out += port_section()
    out += robust_section()
    out += any_rates_section()
    out += parallel_section()
    out += measure_section()
    made = plots(rows, os.path.join(TOP, "bench", "plots"), learned)
    if made:
        out.append("")
        out.append("## Plots")
        out.append("")
        for path in made:
            out.append("![%s](plots/%s)" % (os.path.basename(path), os.path.basename(path)))
    out.append("")
    out.append("Reproduce with `make evaluate` (about half an hour on 2 cores); "
               "`make test` runs the `--quick` subset.")
    with open(os.path.join(TOP, "bench", "RESULTS.md"), "w") as f:
        f.write("\n".join(out) + "\n")
    print("wrote bench/RESULTS.md")


if __name__ == "__main__":
    main()
