// The audit compiles twins and harnesses next to the real code and deletes
// them before code generation: the generated code is the same with and
// without -steady-audit.
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o %t.plain.s
// RUN: %clangxx -O2 -fpass-plugin=%plugin -mllvm -steady-audit -S %s -o %t.audit.s 2>/dev/null
// RUN: diff %t.plain.s %t.audit.s
#include <algorithm>
#include <cmath>
#include <steady/steady.h>

int data[1024];
double scale = 2.0, result;

STEADY_BENCH(unused_sum) {
  int s = 0;
  for (int x : data)
    s += x;
}
STEADY_BENCH(closed_form) {
  unsigned s = 0;
  for (unsigned i = 0; i < 1000; ++i)
    s += i;
  return s;
}
STEADY_BENCH(hoisted) { result = scale * 3.5; }
STEADY_BENCH(log_constant) { return std::log(2.5); }
STEADY_BENCH(sort_in_place) {
  std::sort(data, data + 1024);
  return data[0];
}
