// A loop body that only counts its own iterations (Google Benchmark's API
// tests: ++iter_count, iter_count += batch_size, checked by an assert that
// -DNDEBUG removes) measures the empty loop by construction: nothing of it is
// lost, so no empty-loop finding, at -g0 nor with line tables. A body whose
// computation is unused is still reported.
// RUN: %clangxx -g0 -DNDEBUG -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=warning:
// RUN: %clangxx -gline-tables-only -DNDEBUG -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=warning:
#include <benchmark/benchmark.h>
#include <cassert>
#include <vector>

static void BM_RangedFor(benchmark::State &state) {
  benchmark::IterationCount iter_count = 0;
  for (auto _ : state)
    ++iter_count;
  assert(iter_count == state.max_iterations);
}
BENCHMARK(BM_RangedFor);

static void BM_KeepRunningBatch(benchmark::State &state) {
  const benchmark::IterationCount batch_size = 1009;
  benchmark::IterationCount iter_count = 0;
  while (state.KeepRunningBatch(batch_size))
    iter_count += batch_size;
  assert(state.iterations() == iter_count);
}
BENCHMARK(BM_KeepRunningBatch);

static void BM_checksum_unused(benchmark::State &state) {
  std::vector<int> v(64, 3);
  for (auto _ : state) {
    int s = 0;
    for (int x : v)
      s ^= x;
  }
}
BENCHMARK(BM_checksum_unused);

// CHECK: warning: {{.*}}'BM_checksum_unused'
