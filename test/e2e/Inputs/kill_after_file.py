#!/usr/bin/env python3
"""Starts a program, waits until FILE exists (its first checkpoint), then
kills it with SIGKILL, as the OOM killer or a batch system's time limit would.

usage: kill_after_file.py FILE PROGRAM ARGS...   (prints the program's exit status)
"""
import os
import signal
import subprocess
import sys
import time

f = sys.argv[1]
p = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
while not os.path.exists(f) and p.poll() is None:
    time.sleep(0.01)
p.send_signal(signal.SIGKILL)
p.wait()
print("exit status:", p.returncode)
