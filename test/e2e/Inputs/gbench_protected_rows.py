"""Per benchmark: whether the row says protected, whether its loop's dead
fib(12) was executed (about 4700 instructions; an empty loop counts a few),
and the plugin's findings."""
import json
import sys

for b in json.load(open(sys.argv[1]))["benchmarks"]:
    counted = b["summary"]["simulated_per_op"]["instructions"]
    print(b["name"], "protected" if b["protected"] else "unprotected",
          "work counted" if counted > 500 else "work gone",
          "findings: " + (",".join(f["kind"] for f in b["compile_findings"]) or "none"))
