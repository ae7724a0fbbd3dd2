#!/usr/bin/env python3
"""Writes two synthetic steady ab side files (steady-results/1) of one
benchmark run with --layout=random: ROUNDS rounds, both forks of a round at
one code offset (0/16/32/48 in shuffled blocks of four), fork means 100 ns
with 0.5 % noise on A, and B's the same times a ratio per code offset
(OFFSET=RATIO, 1 for the others), fixed seed. --separate: two separate runs
instead (no ab fields, B's offsets in their own shuffled blocks).

usage: ab_layout_sides.py A.json B.json SEED ROUNDS [--separate] [OFFSET=RATIO]...
"""
import json
import random
import sys

a_path, b_path, seed, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
separate = "--separate" in sys.argv[5:]
effect = {int(k): float(v) for k, v in (s.split("=") for s in sys.argv[5:] if s != "--separate")}
rng = random.Random(seed)


def blocks():
    out = []
    while len(out) < rounds:
        block = [0, 16, 32, 48]
        rng.shuffle(block)
        out += block
    return out


offsets = {"A": blocks()}
offsets["B"] = blocks() if separate else offsets["A"]
forks = {"A": [], "B": []}
for r in range(1, rounds + 1):
    for side in ("A", "B"):
        code = offsets[side][r - 1]
        mean = 100 * (effect.get(code, 1.0) if side == "B" else 1.0) * (1 + rng.gauss(0, 0.005))
        its = []
        for i in range(3):
            ns = mean * (1 + rng.gauss(0, 0.005))
            its.append({"index": i, "warmup": False, "ops": 1000, "ticks": ns * 2 * 1000, "ticks_per_op": ns * 2,
                        "ns_per_op": ns, "migrated": False, "multiplexed": False, "counters_per_op": [],
                        "context_switches": 0, "batches": [[ns * 2, 100]] * 10})
        fork = {"fork": r, "warmup": False, "status": "ok", "iterations": its,
                "layout": {"code": code, "stack": 0, "heap": 0}}
        if not separate:
            fork["ab"] = {"side": side, "binary": side.lower(), "round": r, "sequence": 2 * r}
        forks[side].append(fork)
for side, path in (("A", a_path), ("B", b_path)):
    doc = {"schema": "steady-results/1", "machine": {"timer": {"ticks_per_ns": 2.0}},
           "benchmarks": [{"name": "payload", "forks": forks[side], "flags": []}]}
    if not separate:
        doc["ab"] = {"side": side, "binary": side.lower(), "other": "b" if side == "A" else "a", "seed": 1,
                     "run": "synthetic"}
    json.dump(doc, open(path, "w"))
