# Checks from steady ab's two result files (--layout=random) that a round's A
# and B fork ran in the same layout (code offset, stack, heap) and that the
# rounds drew different ones; prints the code offsets of each block of four
# rounds, sorted.
import json, sys

rounds = {}
for path in sys.argv[1:3]:
    for b in json.load(open(path))["benchmarks"]:
        for f in b["forks"]:
            rounds.setdefault((b["name"], f["ab"]["round"]), {})[f["ab"]["side"]] = f["layout"]
for key, sides in sorted(rounds.items()):
    assert sides["A"] == sides["B"], (key, sides)
drawn = {tuple(sorted(s["A"].items())) for s in rounds.values()}
print("rounds:", len(rounds), "same layout on both sides; layouts drawn:", "several" if len(drawn) > 1 else "one")
for first in range(1, len(rounds) + 1, 4):
    codes = sorted(s["A"]["code"] for (_, r), s in rounds.items() if first <= r < first + 4)
    print("code offsets of rounds %d-%d:" % (first, first + 3), *codes)
