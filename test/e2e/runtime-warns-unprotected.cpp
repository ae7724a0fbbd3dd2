// The plugin marks each payload it protected; the runner warns at start-up
// about payloads compiled without it, and not about protected ones.
// RUN: %clangxx -O2 %s %libsteady -o %t.plain
// RUN: %t.plain --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 2>&1 | %FileCheck %s --check-prefix=PLAIN
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t.protected
// RUN: %t.protected --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 2>&1 | %FileCheck %s --check-prefix=PROTECTED
#include <steady/steady.h>

STEADY_BENCH(plain_or_protected) { return 6 * 7; }

// PLAIN: warning: plain_or_protected ({{.*}}runtime-warns-unprotected.cpp:9) was compiled without the steady plugin
// PLAIN: plain_or_protected
// PROTECTED-NOT: warning
// PROTECTED: plain_or_protected
