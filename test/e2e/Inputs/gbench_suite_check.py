"""Checks a steady run of Inputs/gbench-suite.cpp: names, parameters, the
State's reports and what was not measured, as known from the suite's source."""
import json
import sys

doc = json.load(open(sys.argv[1]))
by_name = {b["name"]: b for b in doc["benchmarks"]}
not_measured = {"BM_Threads/threads:2": "Threads(2): steady measures one thread",
                "BM_Skip": "skipped: no input here"}
measured = 0
for name, b in by_name.items():
    if name in not_measured:
        assert b.get("not_measured") == not_measured[name], (name, b.get("not_measured"))
        continue
    assert "not_measured" not in b, (name, b["not_measured"])
    assert all(f["status"] == "ok" for f in b["forks"]) and b["forks"], name
    assert b["summary"]["ns_per_op"] > 0, name
    measured += 1
print("measured", measured, "of", len(by_name))

# Parameters: Google Benchmark's arguments, by their ArgName or position.
assert by_name["BM_Sum/n:64"]["params"] == {"n": "64"}, by_name["BM_Sum/n:64"]["params"]
assert by_name["BM_Grid/8/64"]["params"] == {"arg0": "8", "arg1": "64"}
assert by_name["BM_Dense/i:4"]["params"] == {"i": "4"}

# Counters as Google Benchmark finishes them; items and bytes per second are
# counters there too, and per op here.
s = by_name["BM_Sum/n:16"]
c = s["user_counters"]
assert c["elements"] == 16 and c["per_iteration"] == 2, c
assert c["items_per_second"] > 0 and c["bytes_per_second"] == 4 * c["items_per_second"], c
assert s["items_per_op"] == 16 and s["bytes_per_op"] == 64, (s["items_per_op"], s["bytes_per_op"])
assert s["label"] == "sum" and s["complexity_n"] == 16
report = s["forks"][0]["state_report"]
assert report["setup_ns"] > 0, report
# The batch calibration grows a batch from the size the set-up's share asked
# for until the loop's per-batch cost is a small share: never below that size
# (0: not measured).
for f in s["forks"]:
    r = f["state_report"]
    assert f["batch_size"] >= r.get("setup_batch_size", 0), (f["batch_size"], r)
    assert 0 <= r.get("batch_cost_share", 0) < 1 and r.get("batch_cost_ns", 0) >= 0, r

# Manual time: every iteration said 2 us, and that is the time per op.
m = by_name["BM_Manual/manual_time"]
for it in m["forks"][0]["iterations"]:
    assert abs(it["ns_per_op"] - 2000) < 1e-6, it["ns_per_op"]

assert by_name["BM_Decided/min_time:0.010/repeats:2"]["ignored"] == ["Repetitions(2)", "MinTime(0.01)"]
assert by_name["BM_Decided/iterations:10"]["ignored"] == ["Iterations(10)"]

# Complexity(oN) on BM_Sum: one fit of its four sizes, by the N each reported
# (its values are the unit test's business: test/unit/complexity_test.cpp).
fits = doc["complexity"]
assert [f["name"] for f in fits] == ["BM_Sum"], fits
assert fits[0]["big_o"] == "N" and fits[0]["coefficient_ns"] > 0 and fits[0]["rms"] >= 0, fits
assert fits[0]["benchmarks"] == ["BM_Sum/n:8", "BM_Sum/n:16", "BM_Sum/n:64", "BM_Sum/n:128"], fits
print("ok")
