"""Checks a --instrument=valgrind result file: for every NAME=N given, each
measurement iteration of each fork counted N + k instructions per op, with one
k for all (exact equality). Prints k and whether it held."""
import json
import sys

doc = json.load(open(sys.argv[1]))
print("instrument", doc["config"]["instrument"])
want = dict(arg.split("=") for arg in sys.argv[2:])
ks = set()
for b in doc["benchmarks"]:
    if b["name"] not in want:
        continue
    n = int(want.pop(b["name"]))
    for f in b["forks"]:
        assert f["status"] == "ok", f
        for it in f["iterations"]:
            if not it["warmup"]:
                ks.add(it["simulated_per_op"]["instructions"] - n)
    print(b["name"], "instructions/op", b["summary"]["simulated_per_op"]["instructions"])
assert not want, f"missing: {want}"
print("k", sorted(ks))
print("same k in every iteration of every fork:", "yes" if len(ks) == 1 else "no")
