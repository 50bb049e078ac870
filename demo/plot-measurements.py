#!/usr/bin/env python3
"""Plot the measurements of a bisection against the commits' order.

Usage: plot-measurements.py <positions> <culprit> <found> <out.svg>
       <git bisect status --porcelain

<positions> lists the commits of the range, oldest first, one per line;
each measured commit ("measured <commit> <n> <median> <spread>" lines of
the porcelain) is drawn at its place in that order with its median and
spread, the first bad commit planted (<culprit>) and the one found
(<found>) as vertical lines.  A plain SVG, with no library needed.
"""

import sys

W, H, PAD = 760, 360, 50


def main():
    positions, culprit, found, out = sys.argv[1:5]
    order = {c: i for i, c in enumerate(open(positions).read().split())}
    points = []
    for line in sys.stdin:
        f = line.split()
        if f and f[0] == "measured" and f[1] in order:
            points.append((order[f[1]], int(f[2]), float(f[3]), float(f[4])))
    if not points:
        sys.exit("no measurements to plot")
    lo = min(p[2] - p[3] for p in points)
    hi = max(p[2] + p[3] for p in points)
    if hi == lo:
        hi = lo + 1
    n = max(len(order) - 1, 1)

    def x(i):
        return PAD + (W - 2 * PAD) * i / n

    def y(v):
        return H - PAD - (H - 2 * PAD) * (v - lo) / (hi - lo)

    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="12">' % (W, H),
           '<rect width="100%" height="100%" fill="white"/>',
           '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' %
           (PAD, H - PAD, W - PAD, H - PAD),
           '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' %
           (PAD, PAD, PAD, H - PAD),
           '<text x="%d" y="%d" text-anchor="middle">commits of the range, '
           'oldest first</text>' % (W / 2, H - 15),
           '<text x="15" y="%d" transform="rotate(-90 15 %d)" '
           'text-anchor="middle">seconds (median and spread)</text>' %
           (H / 2, H / 2)]
    for v in (lo, (lo + hi) / 2, hi):
        svg.append('<text x="%d" y="%d" text-anchor="end">%.2f</text>' %
                   (PAD - 4, y(v) + 4, v))
    for commit, colour, label in ((culprit, "red", "planted"),
                                  (found, "blue", "found")):
        if commit in order:
            svg.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" '
                       'stroke="%s" stroke-dasharray="4"/>' %
                       (x(order[commit]), PAD, x(order[commit]), H - PAD,
                        colour))
            svg.append('<text x="%.1f" y="%d" fill="%s">%s</text>' %
                       (x(order[commit]) + 3, PAD + (12 if label ==
                                                     "planted" else 26),
                        colour, label))
    for i, count, median, spread in points:
        svg.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" '
                   'stroke="gray"/>' % (x(i), y(median - spread), x(i),
                                        y(median + spread)))
        svg.append('<circle cx="%.1f" cy="%.1f" r="%.1f" fill="black">'
                   '<title>%d runs</title></circle>' %
                   (x(i), y(median), 2 + min(count, 30) ** 0.5, count))
    svg.append('</svg>')
    with open(out, "w") as f:
        f.write("\n".join(svg) + "\n")


if __name__ == "__main__":
    main()
