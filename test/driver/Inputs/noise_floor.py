# Checks steady ab's JSON against its noise-floor rule (issue 27): a row
# undecided at --equivalence has "noise_floor" (when the rule is on) and is
# "same" exactly when its interval lies within +-noise_floor and the forks'
# ranks do not differ, with the floor in its note; a slower/faster row has
# none; with --no-noise-floor no row has it. A side whose forks form groups
# (a timing accident on a busy or fast/slow-switching host) gets no floor:
# the row stays "can't tell yet" and says why.
import json, sys

on = sys.argv[2] == "on"
for row in json.load(open(sys.argv[1]))["benchmarks"]:
    lo, hi = row["ci"]
    floor = row.get("noise_floor")
    if row["verdict"] in ("slower", "faster") or not on:
        ok = floor is None and not (row["verdict"] == "same" and "noise floor" in row["note"])
    elif floor is None:
        ok = "forks_disagree" in row and row["verdict"] == "can't tell yet" and \
            row["note"] == "no direction from a mean over groups of forks"
    else:
        inside = floor > 0.0001 and lo >= 1 - floor and hi <= 1 + floor
        same = inside and not row["ranks_differ_at_floor"]
        ok = (row["verdict"] == "same") == same and row["same_at_floor"] == same and \
            (("noise floor" in row["note"]) == inside)
    print(row["benchmark"], "consistent" if ok else "INCONSISTENT " + json.dumps(row))
