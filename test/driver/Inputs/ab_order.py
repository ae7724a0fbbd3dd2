# Checks from steady ab's two result files that the forks were interleaved:
# every round ran one fork of each side back to back (sequence numbers), and
# the order within a round varies (A B in some rounds, B A in others).
import json, sys

forks = []
for path in sys.argv[1:3]:
    for b in json.load(open(path))["benchmarks"]:
        for f in b["forks"]:
            forks.append((f["ab"]["sequence"], f["ab"]["round"], f["ab"]["side"], b["name"], f["pid"]))
forks.sort()
orders = []
for i in range(0, len(forks), 2):
    (s1, r1, side1, n1, p1), (s2, r2, side2, n2, p2) = forks[i], forks[i + 1]
    assert s2 == s1 + 1 and r1 == r2 and n1 == n2 and {side1, side2} == {"A", "B"}, forks[i : i + 2]
    assert p1 != p2, "a fork is a fresh process"
    orders.append(side1 + side2)
print("rounds:", len(orders), "orders:", " ".join(orders))
print("both orders" if len(set(orders)) == 2 else "one order only")
