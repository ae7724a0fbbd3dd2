// A call of the loop on an input known at compile time that still runs in
// it is not reported: the conversion of `ss << val` happens in the library
// every iteration (seqan3's to_stream<T>), whatever the value.
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty
#include <benchmark/benchmark.h>
#include <sstream>

static void BM_to_stream(benchmark::State &state) {
  int val{120};
  std::stringstream ss;
  for (auto _ : state)
    ss << val;
  [[maybe_unused]] volatile auto fin = ss.rdbuf();
}
BENCHMARK(BM_to_stream);

// CHECK-NOT: warning:
