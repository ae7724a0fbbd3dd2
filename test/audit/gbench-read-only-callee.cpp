// A callee that only reads through a pointer to data set up before the loop
// and writes objects of its own (std::seed_seq built from a seed array, as in
// abseil's BM_Construct) does not modify that data: not a mutated input,
// although its body stores and LLVM infers no readonly for a template
// instantiation. A callee that writes through the pointer is reported.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <benchmark/benchmark.h>
#include <random>

static unsigned seeds[8] = {3, 1, 4, 1, 5, 9, 2, 6};

static void BM_seed_from_array(benchmark::State &state) {
  for (auto _ : state) {
    std::seed_seq seq(std::begin(seeds), std::end(seeds));
    std::mt19937 rng(seq);
    benchmark::DoNotOptimize(rng());
  }
}
BENCHMARK(BM_seed_from_array);

static void BM_seed_into_array(benchmark::State &state) {
  std::seed_seq seq{1, 2, 3};
  for (auto _ : state) {
    benchmark::DoNotOptimize(seeds[seeds[0] % 8]);
    seq.generate(std::begin(seeds), std::end(seeds));
  }
}
BENCHMARK(BM_seed_into_array);

// CHECK-NOT: warning:
// CHECK: gbench-read-only-callee.cpp:{{2[0-9]}}:{{[0-9]+}}: warning: benchmark 'BM_seed_into_array' modifies 'seeds'
// CHECK-NOT: warning:
