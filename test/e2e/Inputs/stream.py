#!/usr/bin/env python3
"""Runs a benchmark binary with its stdout and stderr on pipes and prints each
line with its stream and whether the process was still running when the line
was read: rows streamed as benchmarks finish arrive before the end, a table
printed at the end would not. Order only, no times.

usage: stream.py COMMAND [ARGS...]
"""
import os
import selectors
import subprocess
import sys

p = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
sel = selectors.DefaultSelector()
pending = {}
for f, name in ((p.stdout, "stdout"), (p.stderr, "stderr")):
    sel.register(f, selectors.EVENT_READ, name)
    pending[name] = b""
while sel.get_map():
    for key, _ in sel.select():
        chunk = os.read(key.fileobj.fileno(), 65536)
        state = "running" if p.poll() is None else "exited"
        if not chunk:
            sel.unregister(key.fileobj)
            continue
        pending[key.data] += chunk
        *lines, pending[key.data] = pending[key.data].split(b"\n")
        for line in lines:
            print("%s %s: %s" % (key.data, state, line.decode()))
print("exit: %d" % p.wait())
