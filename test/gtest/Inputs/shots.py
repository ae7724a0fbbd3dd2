#!/usr/bin/env python3
"""Each test of a steady gtest result: batched, or single shot with its warmup and
measured runs per fork (ok forks), for FileCheck."""
import json
import sys

for b in json.load(open(sys.argv[1]))["benchmarks"]:
    forks = [f for f in b["forks"] if f["status"] == "ok"]
    if not b.get("single_shot"):
        print("%s: batched" % b["name"])
        continue
    warm = [sum(1 for it in f["iterations"] if it.get("warmup")) for f in forks]
    runs = [sum(1 for it in f["iterations"] if not it.get("warmup")) for f in forks]
    print("%s: single shot, forks %d, warmup runs per fork %s, measured runs per fork %s"
          % (b["name"], len(forks), warm, runs))
