// The same hoisted finding at -g0 as with line tables: the hoisted work is
// weighed against what the loop still does, and the State iterator's countdown
// (inlined from benchmark.h: the State's machinery with line tables, at -g0
// only a step of the loop's counter) is not the loop's work. Here a pure hash
// of a global array (weight 21) is hoisted and the loop keeps an add and an
// out-of-line call (21); at -g0 the countdown made it 22 and nothing was told.
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
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

// CHECK: warning: the result of 'hash(int const*, int)' (i32) in the measurement loop of benchmark 'BM_hash_and_step' gives the same result in every iteration and is hoisted out of the loop
// CHECK-NOT: warning:
