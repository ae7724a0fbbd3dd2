// A measurement loop emptied because its input is a compile-time constant
// (seqan3's char_predicate_benchmark: a predicate of a constexpr array of
// zeros, summed and used after the loop) is told with both causes and both
// fixes: consuming the result alone would consume a constant. Same at -g0
// and with line tables.
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <benchmark/benchmark.h>
#include <array>
#include <cstddef>

constexpr std::array<char, 1 << 12> arr{};

static constexpr bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static void BM_predicate(benchmark::State &state) {
  size_t sum = 0, i = 0;
  for (auto _ : state) {
    i = (i + 1) % arr.size();
    sum += is_alpha(arr[i]);
  }
  [[maybe_unused]] volatile size_t fin = sum;
}
BENCHMARK(BM_predicate);

// CHECK: warning: the measurement loop of benchmark 'BM_predicate' is empty after optimization: what its body computes is unused or computed from compile-time constants, so the optimizer deletes it or computes it once, and the benchmark measures the empty loop; consume the results with benchmark::DoNotOptimize() in the loop, and pass inputs known at compile time through benchmark::DoNotOptimize() first
// CHECK-NOT: warning:
