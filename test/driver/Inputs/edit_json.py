#!/usr/bin/env python3
"""Writes a copy of a JSON file with Python statements applied to it as `d`.

usage: edit_json.py IN OUT STATEMENT...
e.g.   edit_json.py a.json b.json "d['benchmarks'][0]['forks'][0]['iterations'][0]['ns_per_op'] = -1"
"""
import json
import sys

d = json.load(open(sys.argv[1]))
for statement in sys.argv[3:]:
    exec(statement)
json.dump(d, open(sys.argv[2], "w"))
