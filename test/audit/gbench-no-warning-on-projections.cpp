// The unused parts of a result whose call is kept (the pair returned by
// std::set::insert) are not lost work: no finding, while the template
// benchmark whose loop is deleted is reported under its readable name.
// (The set is built in the loop: one that grows across iterations is a
// mutated input, gbench-sorted-input.cpp.)
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <benchmark/benchmark.h>
#include <cstdlib>
#include <set>

static void BM_set_insert(benchmark::State &state) {
  for (auto _ : state) {
    std::set<int> data;
    data.insert(std::rand());
    data.insert(std::rand());
  }
}
BENCHMARK(BM_set_insert);

template <typename T> void BM_template_sum(benchmark::State &state) {
  T sum = 0;
  for (auto _ : state)
    sum += static_cast<T>(state.range(0));
}
BENCHMARK(BM_template_sum<int>)->Arg(1);

// CHECK-NOT: BM_set_insert
// CHECK: gbench-no-warning-on-projections.cpp:23:9: warning: the 'add' (i32) in benchmark 'BM_template_sum<int>' is never used
// CHECK-NOT: BM_set_insert
