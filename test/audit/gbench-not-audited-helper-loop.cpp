// A benchmark that hands its State to a helper holding the measurement loop
// is audited there, and not listed as "not audited" for a loop of its own
// that the State does not drive (abseil's BM_ConstructFromRange: an array of
// elements constructed before it calls BatchedBenchmark).
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -mllvm -steady-audit-json=%t.json -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
#include <benchmark/benchmark.h>

struct Item {
  Item() : v(7) {}
  int v;
};

template <class F> void Batched(benchmark::State &state, F f) {
  while (state.KeepRunningBatch(16))
    for (int i = 0; i < 16; ++i)
      f(i);
}

static void BM_batched(benchmark::State &state) {
  Item items[8];
  Batched(state, [&](int i) { benchmark::DoNotOptimize(items[i % 8].v); });
}
BENCHMARK(BM_batched);

// CHECK-NOT: not audited
// JSON: "function": "Batched<BM_batched(benchmark::State&)::$_0>"
// JSON: "not_audited": []
