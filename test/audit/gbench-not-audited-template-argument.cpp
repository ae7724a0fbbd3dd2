// A function whose own parameters include no State is not listed as "not
// audited", even when a State& appears in a type it takes: an algorithm
// instantiated for a lambda of a benchmark (its closure type is named after
// `BM_apply(benchmark::State&)`), as seqan3's std::ranges::copy of a
// transform_view over a lambda was. The benchmark itself is audited.
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -mllvm -steady-audit-json=%t.json -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
#include <benchmark/benchmark.h>
#include <vector>

template <class F> void apply_all(std::vector<int> &v, F f) {
  for (int &x : v)
    x = f(x);
}

static void BM_apply(benchmark::State &state) {
  std::vector<int> v(64, 1);
  for (auto _ : state) {
    apply_all(v, [](int x) { return x * 3 + 1; });
    benchmark::DoNotOptimize(v.data());
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_apply);

// CHECK-NOT: not audited
// JSON: "function": "BM_apply"
// JSON: "not_audited": []
