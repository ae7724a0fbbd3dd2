#!/usr/bin/env python3
"""Facts about Counting.FreshFixture: its simulated instructions per op, and the
SetUp and body counts the suite appended per process (pid setups bodies)."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for b in doc["benchmarks"]:
    ok = [f for f in b["forks"] if f["status"] == "ok"]
    instr = [it["simulated_per_op"]["instructions"] for f in ok for it in f["iterations"]]
    print("%s: %d fork(s), instructions per op below 1000: %s" % (b["name"], len(ok), max(instr) < 1000))
rows = [tuple(map(int, line.split())) for line in open(sys.argv[2])]
forks = {f["pid"] for b in doc["benchmarks"] for f in b["forks"]}
# The trial's child and the forks (forks run under valgrind: their pid is valgrind's, the same process).
in_forks = [r for r in rows if r[0] in forks]
print("processes: %d, SetUp calls equal bodies in each: %s, bodies in each fork > 1: %s"
      % (len(rows), all(r[1] == r[2] for r in rows), len(in_forks) == 2 and all(r[2] > 1 for r in in_forks)))
