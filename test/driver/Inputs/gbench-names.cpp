// Google Benchmark's three ways of naming arguments: umap_find/64,
// named/n:64, grid/64/8 (test/driver/gbench-name-mapping.test).
#include <benchmark/benchmark.h>

static void umap_find(benchmark::State &s) {
  for (auto _ : s)
    benchmark::DoNotOptimize(s.range(0) * 3);
}
BENCHMARK(umap_find)->Arg(64);

static void named(benchmark::State &s) {
  for (auto _ : s)
    benchmark::DoNotOptimize(s.range(0) * 3);
}
BENCHMARK(named)->ArgName("n")->Arg(64);

static void grid(benchmark::State &s) {
  for (auto _ : s)
    benchmark::DoNotOptimize(s.range(0) * s.range(1));
}
BENCHMARK(grid)->Args({64, 8});

BENCHMARK_MAIN();
