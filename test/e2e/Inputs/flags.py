#!/usr/bin/env python3
"""Prints each benchmark's run-time flags and compile-time findings, for FileCheck.

usage: flags.py FILE
"""
import json
import sys

doc = json.load(open(sys.argv[1]))
for b in doc["benchmarks"]:
    first = [f["first_invocation_ns"] for f in b["forks"] if f["status"] == "ok"]
    print("%s flags: %s" % (b["name"], ",".join(b["flags"]) or "none"))
    print("%s compile findings: %s" % (b["name"], ",".join(f["kind"] for f in b["compile_findings"]) or "none"))
    print("%s first invocation measured: %s" % (b["name"], bool(first) and all(x > 0 for x in first)))
    print("%s forks: %s" % (b["name"], ",".join(f["status"] for f in b["forks"])))
    print("%s stop: %s" % (b["name"], b["stop"]["reason"]))
