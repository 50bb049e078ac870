#!/usr/bin/env python3
"""Write a random history, with a bisection problem on it, as a dag file.

Usage: random-dag.py SEED [INDEX]

The output is in the format scripts/import-dag.py reads.  The same SEED
and INDEX (default 0) always give the same output.  The history has 5 to 150 commits and one of
several shapes (linear, merge-heavy with octopuses, criss-cross merges,
several roots); about one commit in five changes file "b" instead of "a",
so it is TREESAME under the pathspec "a".

It also poses a bisection problem, as tags:

    bad       the commit to start from
    good1..N  1 to 3 good commits; good1 is an ancestor of "bad", the
              others need not be
    culprit   the first bad commit: an ancestor of "bad" (or "bad"
              itself) that no good commit contains

so a commit is bad exactly when it contains "culprit", and the good and
bad tags are consistent with that.  A header line "# knobs: ..." lists
some of no-checkout, first-parent, pathspec, skip, run and terms, for
tests/differential.sh to vary how it bisects.
"""

import random
import sys


def linear(rng, n):
    return [[i - 1] if i else [] for i in range(n)]


def branchy(rng, n, roots=1):
    """Topic branches forking from and merging into each other.

    Each commit grows one of a few branch tips; with some probability it
    merges one or more other tips (or an older commit), and now and then
    a branch restarts from an older commit or from a new root.
    """
    merge_rate = rng.uniform(0.15, 0.6)
    parents = []
    tips = []
    for i in range(n):
        if i < roots or not tips:
            parents.append([])
            tips.append(i)
            continue
        b = rng.randrange(len(tips))
        ps = [tips[b]]
        if rng.random() < merge_rate:
            others = [t for t in tips if t != tips[b]]
            if not others or rng.random() < 0.2:
                others = list(range(i))
            k = 1 if rng.random() < 0.85 else rng.randint(2, 4)
            for p in rng.sample(others, min(k, len(others))):
                if p not in ps:
                    ps.append(p)
        parents.append(ps)
        tips[b] = i
        if rng.random() < 0.1 and len(tips) < 6:
            tips.append(rng.randrange(i + 1))
    return parents


def criss_cross(rng, n):
    """Two branches that repeatedly merge each other at the same time."""
    parents = [[]]
    x = y = 0
    while len(parents) < n:
        i = len(parents)
        if i + 1 < n and rng.random() < 0.3 and x != y:
            parents.append([x, y])
            parents.append([y, x])
            x, y = i, i + 1
        elif rng.random() < 0.5:
            parents.append([x])
            x = i
        else:
            parents.append([y])
            y = i
    return parents


def ancestry(parents):
    """For each commit, the set of its ancestors including itself, as bits."""
    anc = []
    for i, ps in enumerate(parents):
        bits = 1 << i
        for p in ps:
            bits |= anc[p]
        anc.append(bits)
    return anc


def members(bits):
    return [i for i in range(bits.bit_length()) if bits >> i & 1]


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: random-dag.py SEED [INDEX]")
    seed, index = int(sys.argv[1]), int((sys.argv[2:] or [0])[0])
    rng = random.Random("%d/%d" % (seed, index))
    n = rng.randint(5, 150)
    shape = rng.choice(["linear", "branchy", "branchy", "criss-cross",
                        "roots"])
    if shape == "linear":
        parents = linear(rng, n)
    elif shape == "criss-cross":
        parents = criss_cross(rng, n)
    elif shape == "roots":
        parents = branchy(rng, n, roots=rng.randint(2, 4))
    else:
        parents = branchy(rng, n)
    anc = ancestry(parents)

    # Usually bisect from the last commit, sometimes from an older one.
    bad = n - 1
    if rng.random() < 0.3:
        bad = rng.choice([i for i in range(n) if bin(anc[i]).count("1") > 2]
                         or [n - 1])
    # A good commit must not contain "bad", or nothing is left to bisect.
    below = members(anc[bad] & ~(1 << bad))
    elsewhere = [i for i in range(n) if not anc[bad] >> i & 1
                 and not anc[i] >> bad & 1]
    goods = [rng.choice(below[:max(1, len(below) // 2)])] if below else []
    for _ in range(rng.choice([0, 0, 1, 2])):
        pool = elsewhere if elsewhere and rng.random() < 0.6 else below
        if pool:
            goods.append(rng.choice(pool))
    goods = list(dict.fromkeys(goods))

    contained = 0
    for g in goods:
        contained |= anc[g]
    culprit = rng.choice(members(anc[bad] & ~contained))

    knobs = [knob for knob, p in [("no-checkout", 1 / 2),
                                  ("first-parent", 1 / 3),
                                  ("pathspec", 1 / 3), ("skip", 1 / 3),
                                  ("run", 1 / 3), ("terms", 1 / 4)]
             if rng.random() < p]

    print("# random history %d/%d: %s, %d commits" % (seed, index, shape, n))
    print("# knobs: " + " ".join(knobs))
    for i, ps in enumerate(parents):
        alt = " file=b" if i and rng.random() < 0.2 else ""
        print(" ".join(["c"] + [str(p) for p in ps]) + alt)
    print("t bad %d" % bad)
    for k, g in enumerate(goods, 1):
        print("t good%d %d" % (k, g))
    print("t culprit %d" % culprit)


if __name__ == "__main__":
    main()
