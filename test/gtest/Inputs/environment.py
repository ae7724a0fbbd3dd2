#!/usr/bin/env python3
"""The processes that set the suite's global environment up (lines "setup PID"
and "teardown PID" of $SUITE_ENV_LOG), and whether each tore it down after."""
import sys

events = [line.split() for line in open(sys.argv[1])]
pids = []
for what, pid in events:
    if pid not in pids:
        pids.append(pid)
torn = all([w for w, p in events if p == pid] == ["setup", "teardown"] for pid in pids)
print("processes: %d, each set up once then torn down once: %s" % (len(pids), torn))
