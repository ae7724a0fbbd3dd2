#!/usr/bin/env python3
"""Starts a benchmark program, sends it SIGINT after DELAY seconds, waits.

usage: interrupt.py [--term] DELAY PROGRAM ARGS...   (prints the program's exit status)
--term sends SIGTERM instead, as `kill` or a batch system would.
"""
import signal
import subprocess
import sys
import time

args = sys.argv[1:]
sig = signal.SIGINT
if args[0] == "--term":
    sig = signal.SIGTERM
    args = args[1:]
p = subprocess.Popen(args[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
time.sleep(float(args[0]))
p.send_signal(sig)
_, err = p.communicate(timeout=60)
sys.stderr.write(err)
print("exit status:", p.returncode)
