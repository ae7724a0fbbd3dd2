# Checks steady ab's JSON against its noise-floor rule (issue 27): a row
# undecided at --equivalence has "noise_floor" (when the rule is on) and is
# "same" exactly when its interval lies within +-noise_floor, with the floor
# in its note; a slower/faster row has none; with --no-noise-floor no row has it.
import json, sys

on = sys.argv[2] == "on"
for row in json.load(open(sys.argv[1]))["benchmarks"]:
    lo, hi = row["ci"]
    floor = row.get("noise_floor")
    if row["verdict"] in ("slower", "faster") or not on:
        ok = floor is None and not (row["verdict"] == "same" and "noise floor" in row["note"])
    else:
        inside = floor > 0.0001 and lo >= 1 - floor and hi <= 1 + floor
        ok = (row["verdict"] == "same") == inside and row["same_at_floor"] == inside and \
            (("noise floor" in row["note"]) == inside)
    print(row["benchmark"], "consistent" if ok else "INCONSISTENT " + json.dumps(row))
