// A payload that removes the oldest key of a global set and adds a new one
// keeps it at a constant size (its size field steps -1 and +1): the churn is
// the workload, not a mutated input. A payload that only adds to a global set
// makes every invocation work on a bigger one: still reported.
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=warning:
#include <set>
#include <steady/steady.h>

std::set<int> window, grown;
int next_key;

STEADY_BENCH(fifo_window) {
  window.erase(window.begin());
  window.insert(next_key++);
  return *window.begin();
}

STEADY_BENCH(grow_set) {
  grown.insert(next_key++);
  return *grown.begin();
}

// CHECK: warning: payload 'grow_set' modifies 'grown', which it also reads
