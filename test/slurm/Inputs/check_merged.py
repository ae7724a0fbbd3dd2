# Checks a steady slurm merged file against a local run of the same suite:
# the same benchmarks and the same number of forks, the same keys at every
# level but for what steady slurm adds (a fork's "slurm", a summary's "nodes"
# and "between_node_share"), and every fork stamped with a node and job.
import json, sys

merged, local = (json.load(open(p)) for p in sys.argv[1:3])
added = {"slurm", "nodes", "between_node_share"}


def keys(a, b, where):
    if isinstance(a, dict) and isinstance(b, dict):
        extra, missing = set(a) - set(b) - added, set(b) - set(a)
        assert not extra and not missing, (where, extra, missing)
        for k in set(a) & set(b):
            keys(a[k], b[k], where + "." + k)
    elif isinstance(a, list) and isinstance(b, list) and a and b:
        keys(a[0], b[0], where + "[0]")


assert merged["schema"] == "steady-results/1" and not merged["partial"]
keys(merged, local, "")
assert [b["name"] for b in merged["benchmarks"]] == [b["name"] for b in local["benchmarks"]]
nodes = set()
for m, l in zip(merged["benchmarks"], local["benchmarks"]):
    assert len(m["forks"]) == len(l["forks"]), m["name"]
    assert [f["fork"] for f in m["forks"]] == list(range(1, len(m["forks"]) + 1))
    for f in m["forks"]:
        assert f["status"] == "ok" and f["slurm"]["job_id"] > 0 and f["slurm"]["array_job_id"] > 0, f["slurm"]
        nodes.add(f["slurm"]["node"])
    assert m["summary"]["nodes"] == len({f["slurm"]["node"] for f in m["forks"]})
print("benchmarks:", " ".join(b["name"] for b in merged["benchmarks"]))
print("nodes:", " ".join(sorted(nodes)))
