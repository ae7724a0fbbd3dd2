import json
import sys

doc = json.load(open(sys.argv[1]))
ir = {b["name"]: b["summary"]["simulated_per_op"]["instructions"] for b in doc["benchmarks"]}
print(ir)
# The sum executes > 2000 instructions (a load, an add and DoNotOptimize's
# store per element); the loops differ otherwise by a few at most.
print("paused work counted:", "yes" if ir["BM_PausedWork"] - ir["BM_PauseOnly"] > 100 else "no")
print("unpaused work counted:", "yes" if ir["BM_UnpausedWork"] - ir["BM_PauseOnly"] > 2000 else "no")
