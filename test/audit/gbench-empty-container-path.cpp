// A benchmark parameterised over sizes including 0 consumes data() of its
// vector. The optimizer versions the loop on the size: on the size-0 path the
// pointer is null, a constant, while the other path consumes the real data
// every iteration. A value constant on one path only is not a folded result;
// a value constant on every path is.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <benchmark/benchmark.h>
#include <cstring>
#include <vector>

static void BM_fill(benchmark::State &state) {
  std::vector<char> buf(state.range(0));
  for (auto _ : state) {
    std::memset(buf.data(), 'x', buf.size());
    benchmark::DoNotOptimize(buf.data());
  }
}
BENCHMARK(BM_fill)->Arg(0)->Arg(64);

static void BM_folded(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(std::strlen("constant"));
}
BENCHMARK(BM_folded);

// CHECK-NOT: BM_fill
// CHECK: gbench-empty-container-path.cpp:22:5: warning: a result consumed in benchmark 'BM_folded' is folded to a compile-time constant
// CHECK-NOT: BM_fill
