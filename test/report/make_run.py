#!/usr/bin/env python3
"""Writes a synthetic steady-results/1 file for the report: BENCHMARKS
benchmarks x FORKS forks x ITERATIONS iterations (the first 5 of each fork
warmup iterations, falling from 1.5x to the level) x SAMPLES batch samples,
fixed seed. Benchmark k (0-based) is `bench<k>/size=<2^k>`, level 10 (k+1)
ns/op; by k % 4:
  0  flat, 1 % noise, three 4x spikes (outliers)
  1  fork 2 shifts up 12 % for the last 40 % of its iterations (a changepoint)
  2  bimodal batch samples: 30 % of them 35 % slower
  3  the last fork crashed after 3 iterations; the others flat
Counters cycles and instructions per op per iteration; some batches
preempted. --partial: the file says the run was interrupted, and the last
benchmark has no fork. --no-machine: no machine description. --scale=X:
every level times X (a new version for a comparison).

usage: make_run.py OUT SEED BENCHMARKS FORKS ITERATIONS SAMPLES [--partial] [--no-machine] [--scale=X]
"""
import json
import random
import sys

out, seed, nb, nf, ni, ns = sys.argv[1], int(sys.argv[2]), *map(int, sys.argv[3:7])
partial = "--partial" in sys.argv
scale = float(next((a.split("=")[1] for a in sys.argv if a.startswith("--scale=")), 1))
rng = random.Random(seed)
TPN = 2.5  # ticks per ns
WARMUP = 5
# One block of noise factors, read at a random offset per iteration: cheap
# enough for 1000 samples per iteration at scale, and still noisy.
NOISE = [1 + rng.gauss(0, 0.01) for _ in range(4096)]


def samples(level, bimodal):
    o = rng.randrange(len(NOISE) - ns) if ns < len(NOISE) else 0
    out = []
    for j in range(ns):
        v = level * NOISE[(o + j) % len(NOISE)] * (1.35 if bimodal and j % 10 < 3 else 1)
        out.append(float("%.6g" % (v * TPN)))  # ticks per op, as written
    return out


def fork(k, f, level):
    kind = k % 4
    count = 3 if kind == 3 and f == nf else ni
    spikes = {ni // 3, ni // 2, 2 * ni // 3} if kind == 0 else set()
    its = []
    for i in range(count):
        m = level * (1 + 0.5 * (WARMUP - i) / WARMUP if i < WARMUP else 1)
        if kind == 1 and f == 2 and i >= ni * 0.6:
            m *= 1.12
        m *= 1 + rng.gauss(0, 0.004)
        if i in spikes:
            m *= 4
        preempted = 1 if rng.random() < 0.05 else 0
        batch = samples(m, kind == 2)
        # As the runtime records an iteration: its ticks are its kept batches'.
        mean = sum(batch) / len(batch) / TPN
        its.append('{"index":%d,"warmup":%s,"ops":%d,"ticks":%.6g,"ticks_per_op":%.6g,"ns_per_op":%.6g,'
                   '"counters_per_op":[%.6g,%.6g],"context_switches":%d,"batches_run":%d,"preempted_switch":%d,'
                   '"batches":[%s]}' % (i, "true" if i < WARMUP else "false", 64 * ns, mean * TPN * 64 * ns,
                                        mean * TPN, mean, mean * 3.1, 12.0 * (k + 1), preempted, ns + preempted,
                                        preempted, ",".join("[%.6g,%d]" % (v, 64) for v in batch)))
    status = '"crashed","signal":11,"error":"killed by signal 11 (SIGSEGV)"' if count < ni else '"ok"'
    return '{"fork":%d,"status":%s,"batch_size":64,"iterations":[%s]}' % (f, status, ",".join(its))


def summary(k, level, forks_used, failed):
    return {"ns_per_op": level, "ci99": [level * 0.99, level * 1.01], "ci_over": "forks",
            "ticks_per_op": level * TPN, "counters_per_op": [level * 3.1, 12.0 * (k + 1)],
            "batch_percentiles_ns": {"p50": level, "p90": level * 1.01, "p99": level * 1.3},
            "forks_used": forks_used, "forks_failed": failed, "iterations": forks_used * (ni - WARMUP),
            "preemption": {"batches": ns * ni * forks_used, "preempted": 3, "discarded": 3, "kept": 0}}


with open(out, "w") as f:
    head = {"schema": "steady-results/1", "partial": partial, "started": "2026-11-24T06:00:00Z",
            "config": {"warmup_iterations": WARMUP, "iterations": ni - WARMUP, "forks": nf, "stop": "none",
                       "mode": "avgt", "counters": ["cycles", "instructions"]},
            "counters": {"names": ["cycles", "instructions"]},
            "machine": {"cpu": "Synthetic CPU @ 2.5GHz", "cores": 2, "kernel": "6.1.0-synthetic",
                        "governor": "performance", "hostname": "synthetic",
                        "timer": {"ticks_per_ns": TPN, "source": "cpuid-0x15", "invariant": True}},
            "load": {"start": {"loadavg": [0.5, 0.4, 0.3], "steal_jiffies": 10, "total_jiffies": 10000},
                     "end": {"loadavg": [0.9, 0.5, 0.3], "steal_jiffies": 30, "total_jiffies": 20000}}}
    if "--no-machine" in sys.argv:
        head["machine"] = {"timer": {"ticks_per_ns": TPN}}
    text = json.dumps(head)
    f.write(text[:-1] + ', "benchmarks": [\n')
    for k in range(nb):
        level = 10.0 * (k + 1) * scale
        name = "bench%d/size=%d" % (k, 2 ** k)
        empty = partial and k == nb - 1
        forks = [] if empty else [fork(k, i + 1, level) for i in range(nf)]
        failed = 1 if k % 4 == 3 else 0
        meta = {"name": name, "params": {"size": str(2 ** k)}, "file": "bench.cpp", "line": 10 + k,
                "protected": k % 5 != 4, "flags": [], "compile_findings": [],
                "stop": {"criterion": "none", "stable": True, "reason": "static configuration"},
                "summary": summary(k, level, 0 if empty else nf - failed, failed)}
        text = json.dumps(meta)
        f.write(("" if k == 0 else ",\n") + text[:-1] + ', "forks": [' + ",".join(forks) + "]}")
    f.write("\n]}\n")
