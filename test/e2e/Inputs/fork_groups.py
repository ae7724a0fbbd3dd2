"""Prints the fork groups of each benchmark in a result file and whether each
group's forks share their pid's parity (the bimodal test's payload does twice
the work in a process whose pid is odd)."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for b in doc["benchmarks"]:
    pid = {f["fork"]: f["pid"] for f in b["forks"]}
    groups = b["summary"].get("fork_groups", [])
    parities = [{pid[n] % 2 for n in g["forks"]} for g in groups]
    print(f"{b['name']}: {len(groups)} groups")
    print(f"{b['name']}: forks of both parities: {len({p % 2 for p in pid.values()}) == 2}")
    print(f"{b['name']}: each group one parity: {all(len(p) == 1 for p in parities)}")
    print(f"{b['name']}: odd pids above even: {bool(parities) and parities[0] == {0} and parities[-1] == {1}}")
