# Checks from steady ab's two result files how a round's forks ran: in
# lockstep, each fork took 1 + warmup + measured turns (argv[3]) with its
# partner to the end, the two on one CPU; without it (argv[3] = 0), no fork
# says lockstep.
import json, sys

turns = int(sys.argv[3])
rounds = {}
for path in sys.argv[1:3]:
    for b in json.load(open(path))["benchmarks"]:
        for f in b["forks"]:
            rounds.setdefault((b["name"], f["ab"]["round"]), {})[f["ab"]["side"]] = f.get("lockstep")
ok = 0
for key, sides in sorted(rounds.items()):
    a, b = sides.get("A"), sides.get("B")
    if turns == 0:
        assert a is None and b is None, (key, sides)
    else:
        assert a and b, (key, sides)
        assert a["turns"] == b["turns"] == turns and a["alone"] == b["alone"] == 0, (key, sides)
        assert a["cpu"] == b["cpu"] >= 0, (key, sides)
    ok += 1
print("rounds checked:", ok, "lockstep" if turns else "one after the other")
