#!/usr/bin/env python3
"""Starts a benchmark program, sends it SIGINT after DELAY seconds, waits.

usage: interrupt.py DELAY PROGRAM ARGS...   (prints the program's exit status)
"""
import signal
import subprocess
import sys
import time

p = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
time.sleep(float(sys.argv[1]))
p.send_signal(signal.SIGINT)
_, err = p.communicate(timeout=60)
sys.stderr.write(err)
print("exit status:", p.returncode)
