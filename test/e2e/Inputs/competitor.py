#!/usr/bin/env python3
"""Runs a command pinned to one CPU while a busy competitor is pinned there too.

usage: competitor.py [--cpu N] -- COMMAND...
The competitor (a shell busy loop) starts first and is killed when the command
ends; the command's output and exit status are passed through. Preemption is
provoked for real: the scheduler shares the CPU between the two.
"""
import os
import subprocess
import sys
import time

args = sys.argv[1:]
cpu = os.sched_getaffinity(0).pop()
if args[:1] == ["--cpu"]:
    cpu, args = int(args[1]), args[2:]
if args[:1] == ["--"]:
    args = args[1:]
busy = subprocess.Popen(["taskset", "-c", str(cpu), "sh", "-c", "while :; do :; done"])
try:
    time.sleep(0.2)  # the competitor is running before the benchmark starts
    status = subprocess.run(["taskset", "-c", str(cpu)] + args).returncode
finally:
    busy.kill()
    busy.wait()
sys.exit(status)
