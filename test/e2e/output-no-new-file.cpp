// An output in a directory that takes no new file (/proc, /sys: root passes
// access() there, and the runner used to measure everything, then fail to
// write) is refused before anything runs: one line naming the flag, the file
// and the reason, exit status 2.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: sh -c '%t --json=/proc/steady-x.json; echo "exit $?"' 2>&1 | %FileCheck %s --check-prefix=PROC
// RUN: sh -c '%t --csv=/sys/steady-x.csv; echo "exit $?"' 2>&1 | %FileCheck %s --check-prefix=SYS
#include <steady/steady.h>

STEADY_BENCH(add) { return 1 + 1; }

// PROC-NOT: benchmark
// PROC: error: --json: cannot write '/proc/steady-x.json': {{.*}} (nothing was run)
// PROC-NEXT: exit 2
// SYS-NOT: benchmark
// SYS: error: --csv: cannot write '/sys/steady-x.csv': {{.*}} (nothing was run)
// SYS-NEXT: exit 2
