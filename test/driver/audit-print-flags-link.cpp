// `steady audit --print-flags` gives flags for a whole build: a compile with
// them under -Werror reports findings as warnings and succeeds, and the link
// step, which sees the same flags and does not use the plugin, succeeds under
// -Werror too.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %steady audit --print-flags > %t/flags
// RUN: %FileCheck %s --check-prefix=FLAGS < %t/flags
// RUN: bash -c '%clangxx -O2 -g -Werror $(cat %t/flags) -c %s -o %t/bench.o' 2> %t/compile.err
// RUN: %FileCheck %s --check-prefix=COMPILE < %t/compile.err
// RUN: bash -c '%clangxx -Werror $(cat %t/flags) %t/bench.o %libsteady -o %t/bench'
// RUN: test -x %t/bench
#include <steady/steady.h>

int data[64];

STEADY_BENCH(unused) {
  int s = 0;
  for (int x : data)
    s += x;
}

// FLAGS: --start-no-unused-arguments -fpass-plugin={{.*}}SteadyPass-22.so -mllvm -steady-audit -Wno-error=pass-failed --end-no-unused-arguments
// COMPILE: audit-print-flags-link.cpp:19:7: warning: the 'add' (i32) in payload 'unused' is never used
// Not in the sanitizer job: ASan instrumentation changes what the optimizer leaves of a payload, and valgrind cannot run ASan binaries.
// UNSUPPORTED: sanitizer
