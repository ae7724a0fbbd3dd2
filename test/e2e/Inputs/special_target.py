#!/usr/bin/env python3
"""Runs a command whose output goes to a FIFO or a device node that this
script creates in DIR (never the system's), and says what became of it.

usage: special_target.py fifo DIR COMMAND... ('@' in COMMAND is the FIFO's path)
       special_target.py full DIR COMMAND...  (a node of /dev/full's device, 1:7)
       special_target.py null DIR COMMAND...  (a node of /dev/null's device, 1:3)
Prints the command's exit status, the target's type afterwards, and for a FIFO
whether what came through it is a steady result file.
"""
import json
import os
import stat
import subprocess
import sys
import threading

kind, d, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
os.makedirs(d, exist_ok=True)
path = os.path.join(d, kind)
if os.path.lexists(path):
    os.remove(path)
received = []
if kind == "fifo":
    os.mkfifo(path)
    # The reader a user would run (cat FIFO): what the writer sends arrives.
    reader = threading.Thread(target=lambda: received.append(open(path).read()))
    reader.start()
else:
    os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 7 if kind == "full" else 3))
p = subprocess.run([a.replace("@", path) for a in cmd], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
sys.stderr.write(p.stderr)
if kind == "fifo":
    if p.returncode != 0:  # nobody wrote: let the reader go
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    reader.join()
print("exit status:", p.returncode)
mode = os.stat(path).st_mode
print("target is a", "FIFO" if stat.S_ISFIFO(mode) else "character device" if stat.S_ISCHR(mode)
      else "regular file" if stat.S_ISREG(mode) else "something else")
if received:
    doc = json.loads(received[0])
    print("received a result file of", len(doc["benchmarks"]), "benchmark(s), partial:", doc["partial"])
print("left in the directory:", sorted(f for f in os.listdir(d) if f != kind))
