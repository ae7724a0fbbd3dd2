// Findings do not depend on debug info: each kind of a steady payload's findings is
// the same finding at -g0 (a Release build) and with line tables.
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=CHECK
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=CHECK
#include <algorithm>
#include <steady/steady.h>

int data[1024], table[256];
double scale = 2.0, offset = 1.5, result;

STEADY_BENCH(unused_sum) {
  int s = 0;
  for (int i = 0; i < 1024; ++i)
    s += data[i];
}
STEADY_BENCH(closed_form) {
  unsigned s = 0;
  for (unsigned i = 0; i < 1000; ++i)
    s += i;
  return s;
}
STEADY_BENCH(store_global) { result = scale * 3.5 + offset; }
STEADY_BENCH(sort_table) {
  std::sort(table, table + 256);
  return table[0];
}

// CHECK-DAG: warning: the 'add' (i32) in payload 'unused_sum' is never used
// CHECK-DAG: warning: the result of payload 'closed_form' is folded to a compile-time constant
// CHECK-DAG: warning: the result of 'llvm.fmuladd.f64' (double) in payload 'store_global' gives the same result in every invocation
// CHECK-DAG: warning: payload 'sort_table' modifies 'table', which it also reads
// CHECK-NOT: warning:
