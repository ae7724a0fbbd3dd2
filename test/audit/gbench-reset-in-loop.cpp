// Data the measurement loop restores itself, writing the same values every
// iteration, is the same at the start of every iteration: no mutated input.
// rocksdb's DBGetMergeOperandsInMemtable hands its PinnableSlices to
// GetMergeOperands and Reset()s each one after it (its cleanup pointer and
// size set to 0). Data the loop writes with values that change (a vector
// sorted in place) is still reported. Same at -g0 and with line tables.
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <benchmark/benchmark.h>
#include <algorithm>
#include <vector>

struct Slot {
  void (*cleanup)(void *) = nullptr;
  void *arg = nullptr;
  long size = 0;
  void Reset() {
    if (cleanup)
      cleanup(arg);
    cleanup = nullptr;
    arg = nullptr;
    size = 0;
  }
};
// In another translation unit: pins its results in the slots.
void lookup(int key, Slot *slots, int n);

static void BM_reset_each_iteration(benchmark::State &state) {
  std::vector<Slot> slots(8);
  int key = 0;
  for (auto _ : state) {
    lookup(++key, slots.data(), 8);
    for (Slot &s : slots)
      s.Reset();
  }
}
BENCHMARK(BM_reset_each_iteration);

static void BM_sort_in_place(benchmark::State &state) {
  std::vector<int> v(1000);
  for (int i = 0; i < 1000; ++i)
    v[i] = (i * 7919) % 1000;
  for (auto _ : state)
    std::sort(v.begin(), v.end());
}
BENCHMARK(BM_sort_in_place);

// CHECK-NOT: 'BM_reset_each_iteration'
// CHECK: warning: benchmark 'BM_sort_in_place' modifies
// CHECK-NOT: 'BM_reset_each_iteration'
