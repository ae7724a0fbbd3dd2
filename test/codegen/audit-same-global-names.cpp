// Looking renames nothing: the audit's copies of a benchmark function and of
// the static helpers it calls get names no other function has, so the
// module's counter of unique names, which also numbers the optimizer's own
// globals (the second lookup table of `table`: switch.table.<fn>.N), is not
// advanced, and the audited assembly is the plain one (nlohmann-json's
// benchmarks.cpp differed by such a number only).
// RUN: %clangxx -O2 -g0 -S %s -o %t.plain.s
// RUN: %clangxx -O2 -g0 -fpass-plugin=%plugin -mllvm -steady-audit -S %s -o %t.audit.s 2>/dev/null
// RUN: %FileCheck %s < %t.plain.s
// RUN: awk '/\.type.\.Lsteady\.reach\.text/ { skip = 1 } skip && /^$/ { skip = 0; next } !skip && !/addrsig_sym .Lsteady.reach.text/' %t.audit.s > %t.audit-code.s
// RUN: diff %t.plain.s %t.audit-code.s
// CHECK: .Lswitch.table._Z5tableii.{{[0-9]+}}:
#include <benchmark/benchmark.h>

__attribute__((noinline)) int table(int a, int b) {
  int x, y;
  switch (a & 7) {
  case 0: x = 11; break;
  case 1: x = 23; break;
  case 2: x = 37; break;
  case 3: x = 41; break;
  case 4: x = 53; break;
  case 5: x = 67; break;
  case 6: x = 79; break;
  default: x = 83; break;
  }
  switch (b & 7) {
  case 0: y = 101; break;
  case 1: y = 211; break;
  case 2: y = 307; break;
  case 3: y = 401; break;
  case 4: y = 503; break;
  case 5: y = 601; break;
  case 6: y = 701; break;
  default: y = 809; break;
  }
  return x * y;
}

static int twice(int v) { return table(v, v + 1) + table(v + 2, v); }
static int thrice(int v) { return twice(v) + twice(v * 3); }

static void BM_Table(benchmark::State &state) {
  int v = static_cast<int>(state.range(0));
  for (auto _ : state)
    benchmark::DoNotOptimize(thrice(v++));
}
BENCHMARK(BM_Table)->Arg(3);

static void BM_Twice(benchmark::State &state) {
  int v = static_cast<int>(state.range(0));
  for (auto _ : state)
    benchmark::DoNotOptimize(twice(v) + thrice(v + 1));
    ++v;
}
BENCHMARK(BM_Twice)->Arg(5);
