#!/usr/bin/env python3
"""Runs a command pinned to one CPU (the lowest this process may use), as a
user pins a benchmark with taskset.

usage: one_cpu.py COMMAND [ARGS...]
"""
import os
import sys

os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
os.execv(sys.argv[1], sys.argv[1:])
