#!/usr/bin/env python3
"""What the precision stop decided for the first benchmark of a result file,
and whether its reason and the printed interval agree."""
import json
import sys

doc = json.load(open(sys.argv[1]))
b = doc["benchmarks"][0]
stop, s = b["stop"], b["summary"]
print("criterion", stop["criterion"])
print("forks within [8, 10]:", 8 <= s["forks_used"] <= 10)
print("measurement iterations per fork:",
      "{" + ",".join(sorted({str(len(f["iterations"]) - f["warmup_iterations"]) for f in b["forks"]})) + "}")
h = stop["half_width"]
print("reason states half_width:", stop["reason"].startswith("±%.1f %% after %d forks" % (100 * h, s["forks_used"])))
low, high = s["ci99"]
# The lower end is stopped at 0 (a time is not negative): compare the upper half.
centre = (low + high) / 2 if low > 0 else None
agrees = centre is None or abs((high - low) / 2 / centre - h) <= 1e-6 * max(h, 1e-12) + 1e-9
print("printed interval agrees:", agrees)
