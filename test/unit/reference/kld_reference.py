#!/usr/bin/env python3
"""Laaber et al.'s KLD stability criterion, written directly from its definition
(issue 14), without the C++ implementation's shortcuts: every density value is a
plain sum of math.exp terms. Prints the reference values that
test/unit/kld_test.cpp checks. Run: python3 test/unit/reference/kld_reference.py"""
import math


def quantile_type6(s, p):  # R type 6: position p (n + 1), 1-based, clamped
    n = len(s)
    pos = p * (n + 1)
    if pos <= 1:
        return s[0]
    if pos >= n:
        return s[-1]
    k = math.floor(pos)
    return s[k - 1] + (pos - k) * (s[k] - s[k - 1])


def bandwidth(s):
    n = len(s)
    m = sum(s) / n
    sd = math.sqrt(sum((v - m) ** 2 for v in s) / (n - 1))
    iqr = s[3 * n // 4] - s[n // 4]
    return 1.06 * min(sd, iqr / 1.34) * n ** -0.2


def density(s, h, grid):
    out = []
    for y in grid:
        t = sum(math.exp(-0.5 * ((y - x) / h) ** 2) for x in s if y - 5 * h <= x < y + 5 * h)
        out.append(t / (len(s) * h * math.sqrt(2 * math.pi)))
    return out


def kld(a, b, points=1000):
    a, b = sorted(a), sorted(b)
    ranges = []
    for s in (a, b):
        q25, q75 = quantile_type6(s, 0.25), quantile_type6(s, 0.75)
        ranges.append((max(0.0, q25 - 1.5 * (q75 - q25)), q75 + 1.5 * (q75 - q25)))
    lo, hi = min(r[0] for r in ranges), max(r[1] for r in ranges)
    step = (hi - lo) / (points - 1)
    grid = [lo + j * step for j in range(points)]
    p, q = density(a, bandwidth(a), grid), density(b, bandwidth(b), grid)
    both = [(x, y) for x, y in zip(p, q) if x > 0 and y > 0]
    if not both:
        return 0.0
    kl_pq = sum(x * math.log(x / y) * step for x, y in both)
    kl_qp = sum(y * math.log(y / x) * step for x, y in both)
    return 2 ** -kl_pq * 2 ** -kl_qp


def spread(n, base, width, mult=7919, mod=1000):
    """n values base + width * ((i * mult) % mod) / mod: the same doubles in C++."""
    return [base + width * ((i * mult) % mod) / mod for i in range(n)]


kA = [10.1, 9.8, 10.3, 10.0, 9.9, 10.2, 10.05, 9.95]
cases = {
    "small": (kA, kA + [10.4, 9.7]),
    "spread_300_320": (spread(300, 100, 10), spread(320, 100.5, 10, 104729)),
    "shifted_one_width": (spread(200, 50, 4), spread(200, 54, 4, 104729)),
    "tail_50": (spread(50, 20, 2), spread(45, 20, 2, 104729) + [26.0, 27.5, 30.0, 24.0, 23.5]),
    "disjoint": ([1.0, 1.1, 1.2, 1.3], [100.0, 100.1, 100.2, 100.3]),
}
for name, (a, b) in cases.items():
    print(f"{name}: {kld(a, b)!r}")
s = sorted(spread(300, 100, 10))
h = bandwidth(s)
print(f"bandwidth_300: {h!r}")
print(f"density_300 at 99, 100, 105, 112: {density(s, h, [99.0, 100.0, 105.0, 112.0])!r}")
