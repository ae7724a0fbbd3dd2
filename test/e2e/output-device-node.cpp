// --json and --csv onto a device node are written in place, never replaced
// by a file: a node of /dev/full's device stays a device, and its write error
// (ENOSPC) is reported with a non-zero exit; a /dev/null node takes the file
// and the run succeeds. The nodes are the test's own, made with mknod.
// REQUIRES: device-nodes
// RUN: rm -rf %t.full %t.null
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %python %S/Inputs/special_target.py full %t.full %t --forks=1 --warmup-iterations=0 --iterations=2 --iteration-time=0.002 --json=@ 2>&1 | %FileCheck %s --check-prefix=FULL
// RUN: %python %S/Inputs/special_target.py null %t.null %t --forks=1 --warmup-iterations=0 --iterations=2 --iteration-time=0.002 --csv=@ 2>&1 | %FileCheck %s --check-prefix=NULL
#include <steady/steady.h>

STEADY_BENCH(add) { return 1 + 1; }

// FULL: error: cannot write '{{.*}}full': No space left on device
// FULL: exit status: 1
// FULL-NEXT: target is a character device
// FULL-NEXT: left in the directory: []
// NULL: exit status: 0
// NULL-NEXT: target is a character device
// NULL-NEXT: left in the directory: []
