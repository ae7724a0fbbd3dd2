"""Prints each row of a steady-compare/1 file: its benchmark, verdict and the
groups of a version whose forks disagree."""
import json
import sys

for row in json.load(open(sys.argv[1]))["benchmarks"]:
    groups = row.get("forks_disagree", {})
    print(f"{row['benchmark']}: {row['verdict']}; base groups: {groups.get('base', '-')}; new groups: "
          f"{groups.get('new', '-')}")
