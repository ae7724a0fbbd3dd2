// bench-runtime, Google Benchmark side: the same payloads written the way its
// users do (DoNotOptimize on input and result).
#include <benchmark/benchmark.h>

#include "../one_call.h"
#include "payloads.h"

static void empty(benchmark::State &state) {
  for (auto _ : state) {
  }
}
BENCHMARK(empty);

template <int N> static void add_chain(benchmark::State &state) {
  unsigned long long x = 1;
  for (auto _ : state) {
    benchmark::DoNotOptimize(x);
    benchmark::DoNotOptimize(payloads::add_chain<N>(x, 3));
  }
}
BENCHMARK(add_chain<1000>)->Name("add_chain_1000");
BENCHMARK(add_chain<2000>)->Name("add_chain_2000");

// One call per invocation, written as Google Benchmark's users do.
STEADY_ONE_CALL_PAYLOADS(GB_ONE_CALL_BENCH)

BENCHMARK_MAIN();
