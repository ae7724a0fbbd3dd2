// A benchmark compiled at -O0 (with or without the plugin, which does not
// run there) is diagnosed as unoptimized, not as missing the plugin.
// RUN: %clangxx -O0 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 2>&1 | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(at_O0) { return 6 * 7; }

// CHECK: warning: at_O0 ({{.*}}runner-warns-O0.cpp:7) was compiled without optimization (-O0): it measures unoptimized code, and the steady plugin does not run at -O0; compile with -O2
// CHECK-NOT: compiled without the steady plugin
