#!/usr/bin/env python3
"""Per test of a steady gtest result: its status and how its fixtures were
handled, from the forks' batch sizes (1: paused around each invocation; more:
fixtures prepared before each batch). With a counts file (pid setups bodies per
process, test/gtest/Inputs/suite.cpp): whether each fork set up at least one
fixture per body and ran more bodies than one batch."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for b in doc["benchmarks"]:
    forks = [f for f in b["forks"] if f["status"] == "ok"]
    sizes = {f["batch_size"] for f in forks}
    mode = "prepared" if forks and min(sizes) > 1 else "paused" if sizes == {1} else "none"
    print("%s: %d ok fork(s), %d failed, %s" % (b["name"], len(forks), len(b["forks"]) - len(forks), mode))
if len(sys.argv) > 2:
    rows = [tuple(map(int, line.split())) for line in open(sys.argv[2])]
    pids = {f["pid"] for b in doc["benchmarks"] for f in b["forks"]}
    size = max(f["batch_size"] for b in doc["benchmarks"] for f in b["forks"])
    in_forks = [r for r in rows if r[0] in pids]
    print("forks: %d, SetUp calls >= bodies in each: %s, bodies > one batch in each: %s"
          % (len(in_forks), all(r[1] >= r[2] for r in in_forks), all(r[2] > size for r in in_forks)))
