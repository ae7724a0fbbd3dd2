#!/usr/bin/env python3
"""Runs a command that writes to a FIFO nobody reads, sends it a signal once
a line of its output (stdout and stderr together) matches REGEX, and says
what became of its data, one fact per line.

usage: fifo_no_reader.py DIR SIGNAL REGEX COMMAND...   ('@' in COMMAND is the FIFO)
The FIFO is DIR/fifo; the command's TMPDIR is DIR/tmp (where steady keeps
what a FIFO did not take). Prints the command's output, its exit status (or
that it outlived the signal by 30 s and was killed), the FIFO's type
afterwards, and each file left in DIR/tmp: whether it is a steady result
file, how many benchmarks and forks it holds, whether it says partial.
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

d, sig, regex, cmd = sys.argv[1], getattr(signal, "SIG" + sys.argv[2]), re.compile(sys.argv[3]), sys.argv[4:]
shutil.rmtree(d, ignore_errors=True)
tmp = os.path.join(d, "tmp")
os.makedirs(tmp)
fifo = os.path.join(d, "fifo")
os.mkfifo(fifo)
p = subprocess.Popen([a.replace("@", fifo) for a in cmd], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                     text=True, env=dict(os.environ, TMPDIR=tmp))
sent = False
for line in p.stdout:
    sys.stdout.write(line)
    if not sent and regex.search(line):
        # The line is printed just before the writer starts waiting for a
        # reader: a moment later it is waiting (either way nothing is lost).
        time.sleep(0.3)
        p.send_signal(sig)
        sent = True
        break
try:
    rest, _ = p.communicate(timeout=30)
    sys.stdout.write(rest)
    print("exit status:", p.returncode)
except subprocess.TimeoutExpired:
    p.kill()
    p.communicate()
    print("still running 30 s after the signal: killed")
print("target is a", "FIFO" if os.path.exists(fifo) and os.path.stat.S_ISFIFO(os.stat(fifo).st_mode) else "no FIFO")
for name in sorted(os.listdir(tmp)):
    path = os.path.join(tmp, name)
    if os.path.isdir(path):
        print(f"left {name}/")
        continue
    try:
        doc = json.load(open(path))
        forks = sum(len(b["forks"]) for b in doc["benchmarks"])
        print(f"kept {name}: a result file of {len(doc['benchmarks'])} benchmark(s), {forks} fork(s), "
              f"partial: {doc['partial']}")
    except (ValueError, KeyError):
        print(f"kept {name}: not a result file")
