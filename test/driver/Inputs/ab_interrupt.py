#!/usr/bin/env python3
"""Runs `steady ab ... -v` with TMPDIR=DIR, sends it SIGNAL (INT or TERM)
DELAY seconds after its first round reported a fork ok on each side (not
after a fixed time: on a busy machine a run may not have finished a fork by
then), and prints what survived, one fact per line: the exit
status, whether the side files (--json-a/--json-b, given in the command) hold
every fork the run reported ok and say partial, and what is left in DIR.

usage: ab_interrupt.py DIR DELAY SIGNAL COMMAND...
"""
import json
import os
import re
import signal
import subprocess
import sys
import time

d, delay, sig, cmd = sys.argv[1], float(sys.argv[2]), getattr(signal, "SIG" + sys.argv[3]), sys.argv[4:]
os.makedirs(d, exist_ok=True)
p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                     env=dict(os.environ, TMPDIR=d))
first_round = []
for line in p.stderr:  # -v reports each fork as it ends
    first_round.append(line)
    if re.match(r"^steady ab: round 1 #\d+ B \S+ fork \d+ pid \d+: ok$", line):
        break
time.sleep(delay)
p.send_signal(sig)
out, err = p.communicate(timeout=120)
err = "".join(first_round) + err
sys.stdout.write(out)
print("exit status:", p.returncode)
reported = {"A": 0, "B": 0}
for m in re.finditer(r"^steady ab: round \d+ #\d+ (A|B) \S+ fork \d+ pid \d+: ok$", err, re.M):
    reported[m.group(1)] += 1
for side, flag in (("A", "--json-a="), ("B", "--json-b=")):
    path = next(a[len(flag):] for a in cmd if a.startswith(flag))
    doc = json.load(open(path))
    kept = sum(f["status"] == "ok" for b in doc["benchmarks"] for f in b["forks"])
    print(f"{side}: reported ok {reported[side]}, in the file {kept}, partial: {doc['partial']}, "
          f"all kept: {kept == reported[side] and kept > 0}")
print("left in TMPDIR:", os.listdir(d))
