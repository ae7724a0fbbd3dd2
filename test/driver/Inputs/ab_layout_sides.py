#!/usr/bin/env python3
"""Writes two synthetic steady ab side files (steady-results/1) of one
benchmark run with --layout=random: ROUNDS rounds, both forks of a round at
one code offset (0/16/32/48 in shuffled blocks of four), fork means 100 ns
with 0.5 % noise on A, and B's the same times a ratio per code offset
(OFFSET=RATIO, 1 for the others), fixed seed.

usage: ab_layout_sides.py A.json B.json SEED ROUNDS [OFFSET=RATIO]...
"""
import json
import random
import sys

a_path, b_path, seed, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
effect = {int(k): float(v) for k, v in (s.split("=") for s in sys.argv[5:])}
rng = random.Random(seed)
offsets = []
while len(offsets) < rounds:
    block = [0, 16, 32, 48]
    rng.shuffle(block)
    offsets += block
forks = {"A": [], "B": []}
for r in range(1, rounds + 1):
    code = offsets[r - 1]
    for side in ("A", "B"):
        mean = 100 * (effect.get(code, 1.0) if side == "B" else 1.0) * (1 + rng.gauss(0, 0.005))
        its = []
        for i in range(3):
            ns = mean * (1 + rng.gauss(0, 0.005))
            its.append({"index": i, "warmup": False, "ops": 1000, "ticks": ns * 2 * 1000, "ticks_per_op": ns * 2,
                        "ns_per_op": ns, "migrated": False, "multiplexed": False, "counters_per_op": [],
                        "context_switches": 0, "batches": [[ns * 2, 100]] * 10})
        forks[side].append({"fork": r, "warmup": False, "status": "ok", "iterations": its,
                            "layout": {"code": code, "stack": 0, "heap": 0},
                            "ab": {"side": side, "binary": side.lower(), "round": r, "sequence": 2 * r}})
for side, path in (("A", a_path), ("B", b_path)):
    json.dump({"schema": "steady-results/1", "machine": {"timer": {"ticks_per_ns": 2.0}},
               "ab": {"side": side, "binary": side.lower(), "other": "b" if side == "A" else "a", "seed": 1,
                      "run": "synthetic"},
               "benchmarks": [{"name": "payload", "forks": forks[side], "flags": []}]}, open(path, "w"))
