#!/usr/bin/env python3
"""Starts a benchmark program, waits for its first fork, SIGKILLs the runner
(which cannot handle it) and reports whether the fork went away with it.

usage: orphan.py PROGRAM ARGS...
"""
import os
import signal
import subprocess
import sys
import time


def forks_of(parent):
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            stat = open(f"/proc/{pid}/stat").read()
            cmdline = open(f"/proc/{pid}/cmdline").read()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == parent and "--steady-fork=" in cmdline:
            found.append(int(pid))
    return found


def alive(pid):
    try:
        state = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]
        return state != "Z"
    except OSError:
        return False


p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
deadline = time.monotonic() + 30
forks = []
while not forks and time.monotonic() < deadline:
    forks = forks_of(p.pid)
    time.sleep(0.05)
print("fork started:", bool(forks))
time.sleep(0.3)  # the fork is measuring now
p.send_signal(signal.SIGKILL)
p.wait()
deadline = time.monotonic() + 10
while any(alive(f) for f in forks) and time.monotonic() < deadline:
    time.sleep(0.05)
print("fork gone with the runner:", not any(alive(f) for f in forks))
for f in forks:  # leave nothing behind if the test fails
    try:
        os.kill(f, signal.SIGKILL)
    except OSError:
        pass
