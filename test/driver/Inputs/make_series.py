#!/usr/bin/env python3
"""Writes a synthetic steady-results/1 file of long per-fork series for
`steady analyze`: one benchmark per NAME=SHAPE,SHAPE,... with one fork per
shape, ITERATIONS iterations each (the first 10 flagged as the run's warmup),
1 % Gaussian noise around 100 ns/op, about 10 ms per iteration, fixed seed.

Shapes (n = ITERATIONS):
  warm   warmup: 150 falling linearly to 125 over iterations 0-99, then flat
         at 100; three 5x spikes in the flat part (outliers)
  flat   100 from the start
  late   100, then 120 over the last n/12 iterations (inside the last n/6)
  few    only 5 iterations
  crash  a fork that crashed after 30 flat iterations (status "crashed")

usage: make_series.py OUT SEED ITERATIONS NAME=SHAPE[,SHAPE...]...
"""
import json
import random
import sys

out, seed, n = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)


def mean_at(shape, i):
    if shape == "warm" and i < 100:
        return 150 - 25 * i / 99
    if shape == "late" and i >= n - n // 12:
        return 120
    return 100


benches = []
for spec in sys.argv[4:]:
    name, shapes = spec.rsplit("=", 1)
    forks = []
    for f, shape in enumerate(shapes.split(",")):
        count = {"few": 5, "crash": 30}.get(shape, n)
        spikes = {n // 3, n // 2, 2 * n // 3} if shape == "warm" else set()
        its = []
        for i in range(count):
            ns = mean_at(shape, i) * (1 + rng.gauss(0, 0.01)) * (5 if i in spikes else 1)
            ops = 100000
            its.append({"index": i, "warmup": i < 10, "ops": ops, "ticks": ns * 2 * ops, "ticks_per_op": ns * 2,
                        "ns_per_op": ns, "migrated": False, "multiplexed": False, "counters_per_op": [],
                        "context_switches": 0, "batches": [[ns * 2, ops]]})
        forks.append({"fork": f + 1, "warmup": False, "status": "crashed" if shape == "crash" else "ok", "warmup_iterations": min(10, count),
                      "iterations": its})
    benches.append({"name": name, "forks": forks})
json.dump({"schema": "steady-results/1", "machine": {"timer": {"ticks_per_ns": 2.0}}, "benchmarks": benches},
          open(out, "w"))
