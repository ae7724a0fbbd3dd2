#!/usr/bin/env python3
"""Compares the static instruction counts of benchmarks in two assembly files.

usage: count_instructions.py PROTECTED.s EXPERT.s NAME...

For each benchmark NAME, counts the instructions of its measured code: the
steady::detail::run_batch<> instantiation (the timing loop with the payload
inlined) plus the payload function if it was not inlined. Prints one line per
benchmark and exits 1 if the protected version has more instructions than the
hand-written expert version.
"""
import re
import sys


def functions(path):
    """Maps each function label in a clang .s file to its instruction count."""
    counts, current = {}, None
    for line in open(path):
        label = re.match(r"^([A-Za-z_][\w.$]*):", line)
        if label:
            if not label.group(1).startswith(".L"):
                current = label.group(1)
                counts[current] = 0
            continue
        if line.startswith(".Lfunc_end"):
            current = None
            continue
        text = line.split("#", 1)[0].strip()
        if current and text and not text.startswith(".") and not text.endswith(":"):
            counts[current] += 1
    return counts


def measured(counts, name):
    total, found = 0, False
    for fn, n in counts.items():
        if "steady_bench_" + name in fn and ("run_batch" in fn or "payload" in fn):
            total += n
            found = True
    if not found:
        sys.exit(f"error: no code for benchmark '{name}'")
    return total


def main():
    protected, expert = functions(sys.argv[1]), functions(sys.argv[2])
    worse = False
    for name in sys.argv[3:]:
        p, e = measured(protected, name), measured(expert, name)
        verdict = "ok" if p <= e else "MORE"
        worse |= p > e
        print(f"{name}: protected={p} expert={e} {verdict}")
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
