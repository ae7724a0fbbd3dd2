# Checks from steady ab --slurm's two result files that every round ran a
# benchmark's A and B fork back to back in one Slurm task, so on one node.
import json, sys

forks = []
for path in sys.argv[1:3]:
    for b in json.load(open(path))["benchmarks"]:
        for f in b["forks"]:
            forks.append((f["ab"]["sequence"], f["ab"]["round"], f["ab"]["side"], b["name"], f["slurm"]))
forks.sort(key=lambda f: f[0])
for i in range(0, len(forks), 2):
    (s1, r1, side1, n1, w1), (s2, r2, side2, n2, w2) = forks[i], forks[i + 1]
    assert s2 == s1 + 1 and r1 == r2 and n1 == n2 and {side1, side2} == {"A", "B"}, forks[i : i + 2]
    assert w1["job_id"] == w2["job_id"] and w1["node"] == w2["node"], (w1, w2)
print("pairs on one node:", len(forks) // 2)
