#!/usr/bin/env python3
"""Checks a steady-analysis/1 file (steady analyze --json) against the result
file it was made from: prints one line per fact for FileCheck.

usage: check_analysis.py RESULTS.json ANALYSIS.json
"""
import json
import sys

results = json.load(open(sys.argv[1]))
doc = json.load(open(sys.argv[2]))
print("schema", doc["schema"])
print("options", json.dumps(doc["options"], sort_keys=True))
series = {(b["name"], f["fork"]): f["iterations"] for b in results["benchmarks"] for f in b["forks"]}
for b in doc["benchmarks"]:
    print("benchmark", b["benchmark"], "stability", b["stability"], "steady_forks", b.get("steady_forks"),
          "analysed_forks", b.get("analysed_forks"), "recommended", b.get("recommended_warmup_iterations"),
          "used", b.get("used_warmup_iterations"), "difference", b.get("warmup_difference_iterations"))
    for f in b["forks"]:
        its = series[(b["benchmark"], f["fork"])]
        if not f["analysed"]:
            print(" fork", f["fork"], "not analysed:", f["reason"])
            continue
        segs = f["segments"]
        n = f["iterations"]
        # Segments tile [0, n) and end where the changepoints say.
        tiled = segs[0]["begin"] == 0 and segs[-1]["end"] == n and all(
            a["end"] == c["begin"] for a, c in zip(segs, segs[1:]))
        cps = [s["end"] - 1 for s in segs[:-1]] == f["changepoints"]
        means = all(abs(s["mean_ns"] - sum(it["ns_per_op"] for it in its[s["begin"]:s["end"]]) / (s["end"] - s["begin"]))
                    < 1e-9 * s["mean_ns"] for s in segs)
        print(" fork", f["fork"], "n", n, "steady", f["steady"], "segments tile", tiled, "changepoints match", cps,
              "means match", means, "K", f["last_points"], "source", f["penalty_source"],
              "penalty positive", f["penalty"] > 0, "crops", f["crops_segmentations"] >= 1)
        if f["steady"]:
            start = f["steady_iteration"]
            # The time to the steady state: the iterations before it, ops x ns/op.
            t = sum(it["ops"] * it["ns_per_op"] for it in its[:start]) * 1e-9
            print("  start", start, "time matches", abs(f["steady_time_s"] - t) <= 1e-9 * max(t, 1),
                  "start is final run", start == f["final_run_start"])
        print("  outliers", f["outliers"])
