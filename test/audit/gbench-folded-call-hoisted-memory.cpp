// A call given memory that the optimizer hoists out of the loop (a pure hash
// of a global array the loop does not write) is not told as computed from
// inputs known at compile time: the array's contents are run-time data; the
// hoisted check judges it.
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty
#include <benchmark/benchmark.h>

int data[64]; // set up at run time
__attribute__((noinline, pure)) static unsigned hash(const int *p, int n) {
  unsigned h = 0;
  for (int i = 0; i < n; ++i)
    h = h * 31 + p[i];
  return h;
}
__attribute__((const)) unsigned step(unsigned x); // in another file

static void BM_hash_and_step(benchmark::State &state) {
  for (int i = 0; i < 64; ++i)
    data[i] = int(state.range(0)) + i;
  int n = 64;
  unsigned sum = 0;
  for (auto _ : state) {
    sum += hash(data, n);
    sum = step(sum);
  }
  [[maybe_unused]] volatile unsigned fin = sum;
}
BENCHMARK(BM_hash_and_step)->Arg(3);

// CHECK-NOT: known at compile time
