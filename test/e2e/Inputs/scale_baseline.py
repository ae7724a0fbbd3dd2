"""scale_baseline.py FILE FACTOR: makes a saved run's times FACTOR times longer
(each iteration's ns per op and its batches' ticks, the summary's ns per op),
as if the same code had run that much slower when it was recorded."""
import json
import sys

path, factor = sys.argv[1], float(sys.argv[2])
run = json.load(open(path))
for b in run["benchmarks"]:
    b["summary"]["ns_per_op"] *= factor
    for f in b["forks"]:
        for it in f["iterations"]:
            it["ns_per_op"] *= factor
            it["batches"] = [[ticks * factor, ops] for ticks, ops in it["batches"]]
json.dump(run, open(path, "w"))
