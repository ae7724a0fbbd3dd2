// Findings are -Wpass-failed warnings: -Werror turns one into a failed compile.
// RUN: not %clangxx -g -O2 -Werror -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <steady/steady.h>

int data[64];

STEADY_BENCH(unused) {
  int s = 0;
  for (int x : data)
    s += x;
}

// CHECK: werror.cpp:10:7: error: the 'add' (i32) in payload 'unused' is never used
