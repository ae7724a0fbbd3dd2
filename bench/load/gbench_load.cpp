// bench-load, Google Benchmark side: the same payloads, written as its users do.
#include <benchmark/benchmark.h>

#include "payloads.h"

#define GB_LOAD(name, input, call)                                                                                     \
  static void name(benchmark::State &state) {                                                                          \
    auto x = input;                                                                                                    \
    for (auto _ : state) {                                                                                             \
      benchmark::DoNotOptimize(x);                                                                                     \
      auto r = call;                                                                                                   \
      benchmark::DoNotOptimize(r);                                                                                     \
    }                                                                                                                  \
  }                                                                                                                    \
  BENCHMARK(name);
LOAD_PAYLOADS(GB_LOAD)

BENCHMARK_MAIN();
