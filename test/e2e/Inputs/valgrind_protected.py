"""Compares the instructions per op of log_constant in a protected and an
unprotected (naive) build, both run with --instrument=valgrind."""
import json
import sys


def instructions(path):
    b = next(b for b in json.load(open(path))["benchmarks"] if b["name"] == "log_constant")
    return b["summary"]["simulated_per_op"]["instructions"]


protected, naive = instructions(sys.argv[1]), instructions(sys.argv[2])
print(f"protected {protected} naive {naive}")
# The harness loop (counter, compare, branch, the sink) is a few instructions;
# a call to log is dozens.
print("unprotected counts only the loop:", "yes" if naive <= 6 else "no")
print("protected counts the call's work:", "yes" if protected >= naive + 20 else "no")
