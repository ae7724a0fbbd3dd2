// bench-layout, Google Benchmark side: the same seven payloads.
#include <benchmark/benchmark.h>

#include "payloads.h"

static layout::Inputs in;

static void vector_push_clear(benchmark::State &st) {
  for (auto _ : st) {
    in.pushed.clear();
    for (int i = 0; i < 100; ++i)
      in.pushed.push_back(i);
    benchmark::DoNotOptimize(in.pushed.size());
  }
}
static void branchy_loop(benchmark::State &st) {
  for (auto _ : st)
    benchmark::DoNotOptimize(layout::branchy(in.bytes.data(), int(in.bytes.size())));
}
static void hash_lookup(benchmark::State &st) {
  int key = 31 * 7919;
  for (auto _ : st) {
    benchmark::DoNotOptimize(key);
    benchmark::DoNotOptimize(in.table.find(key)->second);
  }
}
static void memcpy_64(benchmark::State &st) {
  char *from = in.from;
  for (auto _ : st) {
    benchmark::DoNotOptimize(from);
    std::memcpy(in.to, from, 64);
    benchmark::ClobberMemory();
  }
}
static void dependent_chain(benchmark::State &st) {
  std::uint64_t x = 3;
  for (auto _ : st) {
    benchmark::DoNotOptimize(x);
    benchmark::DoNotOptimize(layout::dependent_chain(x));
  }
}
static void vector_copy_4k(benchmark::State &st) {
  for (auto _ : st) {
    in.dst = in.src;
    benchmark::DoNotOptimize(in.dst.data());
  }
}
static void other_tu_call(benchmark::State &st) {
  for (auto _ : st)
    benchmark::DoNotOptimize(layout::other_tu_sum(in.ints, 256));
}
BENCHMARK(vector_push_clear);
BENCHMARK(branchy_loop);
BENCHMARK(hash_lookup);
BENCHMARK(memcpy_64);
BENCHMARK(dependent_chain);
BENCHMARK(vector_copy_4k);
BENCHMARK(other_tu_call);
BENCHMARK_MAIN();
