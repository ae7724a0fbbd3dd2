# Recomputes, from steady ab's two side files alone, the paired estimate of
# each benchmark: the geometric mean over rounds (one fork on each side) of
# B's fork mean / A's, a fork mean being the mean of its measurement
# iterations' ns_per_op; prints it beside the ratio and pairs of the
# comparison JSON (ab's or compare's) and whether they agree.
import json, math, sys

def forks(path):
    out = {}
    for b in json.load(open(path))["benchmarks"]:
        by_round = {}
        for f in b["forks"]:
            its = [i["ns_per_op"] for i in f.get("iterations", []) if not i.get("warmup") and i.get("batches")]
            if f["status"] == "ok" and its:
                by_round.setdefault(f["ab"]["round"], []).append(sum(its) / len(its))
        out[b["name"]] = {r: m[0] for r, m in by_round.items() if len(m) == 1}
    return out

a, b = forks(sys.argv[1]), forks(sys.argv[2])
for row in json.load(open(sys.argv[3]))["benchmarks"]:
    name = row["benchmark"]
    rounds = sorted(set(a[name]) & set(b[name]))
    est = math.exp(sum(math.log(b[name][r] / a[name][r]) for r in rounds) / len(rounds))
    agree = abs(est / row["ratio"] - 1) < 1e-9 and row.get("pairs") == len(rounds)
    print(f"{name}: interval {row['interval']}, pairs {row.get('pairs')} of {len(rounds)} rounds,",
          "estimate agrees" if agree else f"estimate {est} != {row['ratio']}")
