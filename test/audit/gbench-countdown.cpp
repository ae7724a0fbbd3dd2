// A sampler's countdown (abseil's PeriodicSampler: ++stride_, and a call that
// draws the next stride when it reaches zero) is what the benchmark measures:
// a counter stepped by a constant is the loop's bookkeeping, not a mutated
// input, even reached through a pointer the loop reloads.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty
#include <benchmark/benchmark.h>
#include <cstdint>

struct Sampler {
  std::int64_t stride = -10;
  bool confirm(); // draws the next stride, elsewhere
  bool sample() { return ++stride >= 0 && confirm(); }
};

static void BM_sample(benchmark::State &state) {
  Sampler s;
  Sampler *p = &s;
  for (auto _ : state) {
    benchmark::DoNotOptimize(p);
    benchmark::DoNotOptimize(p->sample());
  }
}
BENCHMARK(BM_sample);

// CHECK-NOT: warning:
