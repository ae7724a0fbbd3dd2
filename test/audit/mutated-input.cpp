// A payload that sorts global data in place measures an already sorted array
// from the second invocation on: reported at the write, pointing to the reset
// facility; sorting a copy gets no warning.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=NAIVE
// RUN: %clangxx -g -O2 -DEXPERT -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=EXPERT --allow-empty
#include <algorithm>
#include <steady/steady.h>
#include <vector>

int table[256];

STEADY_BENCH(sort_table) {
#ifndef EXPERT
  std::sort(table, table + 256);
  return table[0];
#else
  std::vector<int> copy(table, table + 256);
  std::sort(copy.begin(), copy.end());
  return copy[0];
#endif
}

// NAIVE: mutated-input.cpp:14:3: warning: payload 'sort_table' modifies 'table', which it also reads: every invocation after the first measures another case (for example an array that is already sorted); restore it with the reset facility or an invocation-level fixture setup, or work on a copy [-Wpass-failed]
// NAIVE-NOT: warning:
// EXPERT-NOT: warning:
