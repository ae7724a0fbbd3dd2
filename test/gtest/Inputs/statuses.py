#!/usr/bin/env python3
"""Prints each benchmark of a steady gtest result as `name: status`, for FileCheck.

status: measured (ok forks), not measured: REASON, or failed: ERROR."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for b in doc["benchmarks"]:
    ok = [f for f in b["forks"] if f["status"] == "ok"]
    if b.get("not_measured"):
        print("%s: not measured: %s" % (b["name"], b["not_measured"]))
    elif ok:
        print("%s: measured, %d fork(s), params %s%s" % (b["name"], len(ok), json.dumps(b["params"], sort_keys=True),
                                                      ", protected" if b["protected"] else ""))
    else:
        print("%s: failed: %s: %s" % (b["name"], b["forks"][0]["status"], b["forks"][0]["error"]))
