#!/usr/bin/env python3
"""Prints facts about the preemption accounting of a steady result file, for FileCheck.

usage: preemption.py FILE
"""
import json
import sys

doc = json.load(open(sys.argv[1]))
print("load recorded:", len(doc["load"]["start"]["loadavg"]) == 3 and len(doc["load"]["end"]["loadavg"]) == 3)
for b in doc["benchmarks"]:
    its = [it for f in b["forks"] for it in f["iterations"] if not it["warmup"]]
    switched = sum(it["preempted_switch"] for it in its)
    short = sum(it["preempted_cpu_short"] for it in its)
    kept = sum(it["preempted_kept"] for it in its)
    s = b["summary"]["preemption"]
    print("%s: mechanisms %s" % (b["name"], sorted({f["preemption"]["mechanism"] for f in b["forks"]})))
    print("%s: fallback reasons %s" % (b["name"], sorted({f["preemption"]["fallback_reason"] for f in b["forks"]})))
    print("%s: preempted batches > 0: %s" % (b["name"], switched + short > 0))
    print("%s: preempted batches kept: %d" % (b["name"], kept))
    print("%s: iterations that hit the bound: %d of %d" % (b["name"], sum(it["preemption_bound_hit"] for it in its),
                                                           len(its)))
    # Structural facts that hold at any load: a preempted batch is kept only
    # by an iteration that hit its bound; the rest end on clean batches.
    print("%s: iterations that kept a preempted batch below the bound: %d" % (
        b["name"], sum(1 for it in its if it["preempted_kept"] and not it["preemption_bound_hit"])))
    print("%s: iterations that ended on clean batches: %d of %d" % (
        b["name"], sum(1 for it in its if not it["preemption_bound_hit"]), len(its)))
    for i, it in enumerate(its):  # not checked: shown by FileCheck when a check fails
        print("%s: iteration %d: batches %d, switched %d, cpu short %d, kept %d, bound hit %s, ns/op %.3g" % (
            b["name"], i, it["batches_run"], it["preempted_switch"], it["preempted_cpu_short"], it["preempted_kept"],
            it["preemption_bound_hit"], it["ns_per_op"]))
    # Readings chain batch to batch, so every switch in the iteration falls in
    # some batch's window: the process's own count bounds the batches seen switched.
    print("%s: switched batches <= process switches: %s" % (
        b["name"], all(it["preempted_switch"] <= it["context_switches"] for it in its)))
    print("%s: summary adds up: %s" % (b["name"], s["preempted"] == switched + short and s["kept"] == kept and
                                        s["discarded"] == switched + short - kept and
                                        s["batches"] == sum(it["batches_run"] for it in its)))
