#!/usr/bin/env python3
"""Writes a synthetic steady-results/1 file: one benchmark per NAME=MEAN_NS,
FORKS forks x ITERATIONS iterations x 50 batch samples, fork- and
iteration-level noise of 0.5 % (or NOISE, a fraction), fixed seed.

usage: make_results.py OUT SEED FORKS ITERATIONS NAME=MEAN_NS[:NOISE][!FLAG][@CODE]...
(FLAG: a run-time flag of the benchmark, e.g. measures-nothing; CODE: the
fingerprint of its timed code: rows with equal CODE ran identical code)
"""
import json
import random
import sys

out, seed, forks, iterations = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)
benches = []
for spec in sys.argv[5:]:
    name, value = spec.split("=")
    value, _, code = value.partition("@")
    value, _, flag = value.partition("!")
    mean, _, noise = value.partition(":")
    mean, noise = float(mean), float(noise or 0.005)
    fs = []
    for f in range(forks):
        fm = mean * (1 + rng.gauss(0, noise))
        its = []
        for i in range(iterations):
            im = fm * (1 + rng.gauss(0, noise))
            batches = [[2 * im * (1 + rng.gauss(0, 0.01)), 1000] for _ in range(50)]
            ns = sum(b[0] for b in batches) / len(batches) / 2
            its.append({"index": i, "warmup": False, "ops": 50000, "ticks": ns * 2 * 50000, "ticks_per_op": ns * 2,
                        "ns_per_op": ns, "migrated": False, "multiplexed": False, "counters_per_op": [],
                        "context_switches": 0, "batches": batches})
        fs.append({"fork": f + 1, "warmup": False, "status": "ok", "iterations": its})
    benches.append({"name": name, "forks": fs, "flags": [flag] if flag else []})
    if code:
        benches[-1]["code"] = {"fingerprint": code, "bytes": 64, "functions": 1}
json.dump({"schema": "steady-results/1", "machine": {"timer": {"ticks_per_ns": 2.0}}, "benchmarks": benches},
          open(out, "w"))
