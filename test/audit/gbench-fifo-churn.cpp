// Churn at constant size is the workload, not a wrong steady state: a FIFO
// that pushes at the back and pops at the front (its front and back both
// advance), and a vector that pushes and pops one element, are not reported
// at -g0 nor with line tables.
// RUN: %clangxx -g0 -O2 -I%gbench_include -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty
// RUN: %clangxx -gline-tables-only -O2 -I%gbench_include -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty
#include <benchmark/benchmark.h>
#include <deque>
#include <vector>

static void BM_fifo(benchmark::State &state) {
  std::deque<int> q(100);
  int i = 0;
  for (auto _ : state) {
    q.push_back(++i);
    benchmark::DoNotOptimize(q.front());
    q.pop_front();
  }
}
BENCHMARK(BM_fifo);

static void BM_push_pop(benchmark::State &state) {
  std::vector<int> v(100);
  int i = 0;
  for (auto _ : state) {
    v.push_back(++i);
    benchmark::DoNotOptimize(v.back());
    v.pop_back();
  }
}
BENCHMARK(BM_push_pop);

// CHECK-NOT: warning:
