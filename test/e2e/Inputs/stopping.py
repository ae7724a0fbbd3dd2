#!/usr/bin/env python3
"""Prints what dynamic stopping decided for the first benchmark of a result file."""
import json
import sys

doc = json.load(open(sys.argv[1]))
b = doc["benchmarks"][0]
print("criterion", b["stop"]["criterion"])
warmups = [f["warmup_iterations"] for f in b["forks"]]
print("warmup iterations within [5, 50]:", all(5 <= w <= 50 for w in warmups))
print("measurement iterations per fork:",
      "{" + ",".join(sorted({str(len(f["iterations"]) - f["warmup_iterations"]) for f in b["forks"]})) + "}")
print("forks within [2, 5]:", 2 <= len(b["forks"]) <= 5)
