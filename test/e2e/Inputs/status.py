#!/usr/bin/env python3
"""Runs a command and prints its stderr, its stdout and then "exit: N", for
FileCheck (lit's `not` accepts any non-zero status; these tests assert 2).

usage: status.py COMMAND [ARGS...]
"""
import subprocess
import sys

p = subprocess.run(sys.argv[1:], capture_output=True, text=True)
sys.stdout.write(p.stderr)
sys.stdout.write(p.stdout)
print("exit: %d" % p.returncode)
