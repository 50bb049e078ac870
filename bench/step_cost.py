#!/usr/bin/env python3
"""CPU cost of one bisection step: stochastic against normal and upstream.

Usage: bench/step_cost.py [--git GIT] [--upstream GIT] [--runs N] [--quick | --learned]

On the commit graph of git.git (data/git.git.dag.gz, imported once into
build/git-shape), a bisection is started with --no-checkout between a
good and a bad commit, and one step is timed, "git rev-list --bisect"
and "git bisect next", three ways on the same state:

  upstream    an unpatched Git of the same release ("make bench" gives
              it: scripts/pristine-git.sh);
  normal      the patched Git, in a normal bisection;
  stochastic  the patched Git, in a stochastic bisection (target 0.9),
              at three stages: before any uncertain verdict (T = 0),
              and with T = 10 or 60 commits tested 5 times each, one of
              the 5 verdicts wrong, the commits spread over the range.

The ranges go from 12,517 commits to git.git's whole history (81,347),
and to a history six times larger: git.git's graph repeated six times
end to end (488,087 commits, imported once into build/git-shape-x6).
A step there costs minutes, so only "git rev-list --bisect" is timed,
once, and upstream is not.

A normal step does not depend on the uncertain verdicts, so upstream and
normal are timed once per range.  The verdicts are written directly in
BISECT_CONFIDENCES, as "git bisect good/bad --confidence" writes them.
The three ways are timed in turn, --runs times, so that all see the
machine in the same state (CPU time here varies by a third from one
minute to the next, and more when the other core is busy); the median
CPU time (user + system) and the peak resident memory are printed, with
the ratios.  Every "git bisect next" is run once before it is timed, so
that the first one's check of the ancestry (BISECT_ANCESTORS_OK) is not
timed.

With --learned, only "git bisect next" over the whole history, normal
against a stochastic bisection that learns both rates ("auto" for both
kinds of verdict, as "git bisect run" does by default), with one verdict
on each of 243 commits spread over the history, one in five of them
wrong: the verdicts of a test that also fails on good commits.
"""

import argparse
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import evaluate  # noqa: E402  (where the series is built)

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHAPE = os.path.join(TOP, "data", "git.git.dag.gz")
REPO = None
GIT = None


def git(args, **kw):
    return subprocess.run([GIT] + args, cwd=REPO, check=True,
                          stdout=subprocess.PIPE, **kw).stdout.decode()


def run_once(git_cmd, args):
    """CPU seconds (user + system) and peak RSS (MiB) of one run."""
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.chdir(REPO)
        os.execv(git_cmd, [git_cmd] + args)
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("failed: %s %s" % (git_cmd, " ".join(args)))
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def measure_in_turn(ways, runs):
    """ways: [(name, setup, git, args)]; each run times every way once,
    in turn.  Returns {name: (median CPU s, peak MiB)}."""
    times = {w[0]: [] for w in ways}
    peak = {w[0]: 0 for w in ways}
    for name, setup, git_cmd, args in ways:
        setup()
        if args[0] == "bisect":
            run_once(git_cmd, args)
    for _ in range(runs):
        for name, setup, git_cmd, args in ways:
            setup()
            t, m = run_once(git_cmd, args)
            times[name].append(t)
            peak[name] = max(peak[name], m)
    return {n: (statistics.median(times[n]), peak[n]) for n in times}


def verdict_lines(bad, good, tested):
    """5 verdicts on each of "tested" commits spread over good..bad, one
    of them wrong, for a culprit in the middle."""
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
    return len(commits), "".join(l + "\n" for l in lines)


def learned_verdict_lines(bad, good, tested):
    """One "auto" verdict on each of "tested" commits spread over
    good..bad, one in five wrong, for a culprit in the middle."""
    commits = git(["rev-list", "--topo-order", bad] +
                  ["^" + g for g in good.split()]).split()
    culprit = commits[len(commits) // 2]
    lines = []
    step = len(commits) // tested
    for i, c in enumerate(commits[step // 2::step][:tested]):
        bad_c = subprocess.run(
            [GIT, "merge-base", "--is-ancestor", culprit, c],
            cwd=REPO).returncode == 0
        if i % 5 == 4:
            bad_c = not bad_c
        lines.append("%s %s auto" % (c, "b" if bad_c else "g"))
    return len(commits), "".join(l + "\n" for l in lines)


def learned_row(runs):
    """The row of --learned."""
    use_shape(1)
    bad = "v2.55.0"
    good = git(["rev-list", "--max-parents=0", bad]).split()[-1]
    start(bad, good)
    n, lines = learned_verdict_lines(bad, good, 243)
    expected = os.path.join(REPO, ".git", "BISECT_EXPECTED_CONFIDENCES")

    def learned():
        state(True, lines)()
        with open(expected, "w") as f:
            f.write("auto auto\n")

    def normal():
        state(False)()
        if os.path.exists(expected):
            os.unlink(expected)
    cmd = ["bisect", "next"]
    r = measure_in_turn([("normal", normal, GIT, cmd),
                         ("learned", learned, GIT, cmd)], runs)
    normal()
    print("| whole history (%d commits) | 243 \"auto\" verdicts, spread, "
          "both rates learned | bisect next | %.2f | %.2f | %.2fx | %.0f | %.0f |"
          % (n, r["normal"][0], r["learned"][0],
             r["learned"][0] / r["normal"][0], r["normal"][1], r["learned"][1]))
    subprocess.run([GIT, "bisect", "reset"], cwd=REPO,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def use_shape(copies):
    """Bisect in git.git's graph repeated "copies" times, imported once."""
    global REPO
    REPO = os.path.join(TOP, "build", "git-shape" +
                        ("-x%d" % copies if copies > 1 else ""))
    if not os.path.isdir(REPO):
        print("importing %d cop%s of %s into %s" %
              (copies, "ies" if copies > 1 else "y", SHAPE, REPO),
              file=sys.stderr)
        subprocess.run([sys.executable,
                        os.path.join(TOP, "scripts", "import-dag.py"),
                        "--repeat", str(copies), SHAPE, REPO],
                       check=True, stdout=subprocess.DEVNULL)


def start(bad, good):
    subprocess.run([GIT, "bisect", "reset"], cwd=REPO,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    git(["bisect", "start", "--no-checkout", bad] + good.split())


def state(stochastic, confidences=""):
    """A setup function: the state of a normal or stochastic bisection."""
    def setup():
        # A normal bisection has neither file: the series refuses a
        # state that has the verdicts and not the target.
        for name, text in (("BISECT_CONFIDENCES", confidences),
                           ("BISECT_RESULT_CONFIDENCE", "0.9\n")):
            path = os.path.join(REPO, ".git", name)
            if stochastic:
                with open(path, "w") as f:
                    f.write(text)
            elif os.path.exists(path):
                os.unlink(path)
    return setup


def main():
    global GIT
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--git", default=os.path.join(evaluate.BUILD,
                                                 "bin-wrappers", "git"))
    p.add_argument("--upstream", default="/usr/bin/git",
                   help="an unpatched Git of the same version")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--quick", action="store_true",
                   help="only the v2.39.0..v2.55.0 range")
    p.add_argument("--learned", action="store_true",
                   help="only both rates learned, verdicts spread")
    args = p.parse_args()
    GIT = os.path.abspath(args.git)
    if args.learned:
        print("median CPU seconds (user + system) of %d runs, taken in turn;"
              " memory: peak RSS in MiB" % args.runs)
        print()
        print("| range | stage | step | normal | stochastic | stoch./normal "
              "| MiB normal | MiB stoch. |")
        print("|---|---|---|---|---|---|---|---|")
        learned_row(args.runs)
        return

    upstream = args.upstream
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]

    print("git: %s (%s)" % (GIT, subprocess.run(
        [GIT, "version"], stdout=subprocess.PIPE).stdout.decode().strip()))
    print("upstream: %s (%s)" % (upstream, subprocess.run(
        [upstream, "version"], stdout=subprocess.PIPE).stdout.decode().strip()))
    print("median CPU seconds (user + system) of %d runs, taken in turn; "
          "memory: peak RSS in MiB; load average at start %s" % (args.runs, load))
    print()
    print("| range | stage | step | upstream | normal | stochastic "
          "| stoch./normal | stoch./upstream | MiB normal | MiB stoch. |")
    print("|---|---|---|---|---|---|---|---|---|---|")

    rev_list = "rev-list --bisect"
    # label, copies of git.git's graph, good, steps, runs, with upstream
    ranges = [("v2.39.0..v2.55.0", 1, "v2.39.0", (rev_list, "bisect next"),
               args.runs, True)]
    if not args.quick:
        ranges += [("v2.0.0..v2.55.0", 1, "v2.0.0", (rev_list,),
                    args.runs, True),
                   ("whole history", 1, None, (rev_list, "bisect next"),
                    args.runs, True),
                   ("git.git x6, whole", 6, None, (rev_list,), 1, False)]
    for label, copies, good, steps, runs, with_upstream in ranges:
        use_shape(copies)
        bad = "v2.55.0"
        if not good:
            good = git(["rev-list", "--max-parents=0", bad]).split()[-1]
        start(bad, good)
        stages = []
        for tested in (0, 10, 60):
            n, lines = verdict_lines(bad, good, tested)
            stages.append((tested, lines))
        for step in steps:
            cmd = (["rev-list", "--bisect", bad, "^" + good]
                   if step == rev_list else ["bisect", "next"])
            ways = [("normal", state(False), GIT, cmd)]
            if with_upstream:
                ways.insert(0, ("upstream", state(False), upstream, cmd))
            for tested, lines in stages:
                ways.append(("T=%d" % tested, state(True, lines), GIT, cmd))
            r = measure_in_turn(ways, runs)
            up = r["upstream"][0] if with_upstream else None
            for tested, _ in stages:
                s, sm = r["T=%d" % tested]
                print("| %s (%d commits) | T = %d | %s | %s | %.2f | %.2f "
                      "| %.2fx | %s | %.0f | %.0f |" %
                      (label, n, tested, step,
                       "%.2f" % up if up else "-",
                       r["normal"][0], s, s / r["normal"][0],
                       "%.2fx" % (s / up) if up else "-",
                       r["normal"][1], sm))
                sys.stdout.flush()
        subprocess.run([GIT, "bisect", "reset"], cwd=REPO,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


if __name__ == "__main__":
    main()
