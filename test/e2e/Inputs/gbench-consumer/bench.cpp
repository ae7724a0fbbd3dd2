#include <benchmark/benchmark.h>

#include <cmath>

static void BM_Log(benchmark::State &state) {
  double x = 2.5;
  for (auto _ : state)
    benchmark::DoNotOptimize(std::log(x));
}
BENCHMARK(BM_Log);
