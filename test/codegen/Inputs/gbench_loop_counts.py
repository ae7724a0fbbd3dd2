#!/usr/bin/env python3
"""Compares the measured loops of Google Benchmark functions in two objects.

usage: gbench_loop_counts.py PROTECTED.o EXPERT.o NAME...

For each function NAME(benchmark::State&), counts the instructions of its
measured loop (scripts/measured_code.py: the largest loop of the function,
inner loops included, alignment nops not counted) in both objects. Prints one
line per function; exits 1 if the protected loop has more instructions.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "scripts"))
from measured_code import LLVM, disassembly, first_function, measured_loop  # noqa: E402


def loops(obj, names):
    text = subprocess.run([LLVM + "/llvm-objdump", "-d", "--no-show-raw-insn", "-C", obj], capture_output=True,
                          text=True, check=True).stdout
    listing = obj + ".dis"
    with open(listing, "w") as f:
        f.write(text)
    functions = disassembly(listing)
    out = {}
    for name in names:
        insns = first_function(functions, lambda n: n.startswith(name + "(benchmark::State&)"))
        if insns is None:
            sys.exit(f"error: no function {name} in {obj}")
        out[name] = measured_loop(insns).loop
    return out


def main():
    names = sys.argv[3:]
    protected, expert = loops(sys.argv[1], names), loops(sys.argv[2], names)
    worse = False
    for name in names:
        p, e = protected[name], expert[name]
        worse |= p > e
        print(f"{name}: protected={p} expert={e} {'ok' if p <= e else 'MORE'}")
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main())
