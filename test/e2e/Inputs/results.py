#!/usr/bin/env python3
"""Prints facts about a steady result file, one per line, for FileCheck.

usage: results.py FILE [--partial-ok]
Exits 1 if the file is not valid JSON of schema steady-results/1.
"""
import json
import sys

doc = json.load(open(sys.argv[1]))
assert doc["schema"] == "steady-results/1", doc["schema"]
print("partial:", doc["partial"])
runner = doc["runner_pid"]
pids = []
for b in doc["benchmarks"]:
    for f in b["forks"]:
        pids.append(f["pid"])
        print("%s fork %d: %s, %d iterations%s" % (b["name"], f["fork"], f["status"], len(f["iterations"]),
                                                   ", " + f["error"] if f["error"] else ""))
print("distinct fork pids:", len(set(pids)) == len(pids), "runner pid among them:", runner in pids)
names = doc["counters"]["names"]
if "task-clock" in names:
    # task-clock counts ns of CPU time: per op it matches the TSC time per op.
    # Batches during which other processes took the CPU are discarded from the
    # TSC samples, but their CPU time (and the switching's cost) stays in the
    # iteration's count, so a disturbed iteration reads high: the least
    # disturbed iteration, the lowest ratio, tells. A unit error would be off by 1000x.
    ratios = [dict(zip(names, it["counters_per_op"]))["task-clock"] / it["ns_per_op"]
              for b in doc["benchmarks"] for f in b["forks"] for it in f["iterations"] if not it["warmup"]]
    print("task-clock/ns_per_op within 0.3-1.1:", 0.3 < min(ratios) < 1.1)
