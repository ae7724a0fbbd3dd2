// A Google Benchmark loop's PauseTiming region is not in the count per op:
// under --instrument=valgrind, a loop that sums 1000 ints while paused counts
// the instructions of one that pauses around nothing, and far fewer than the
// same sum unpaused.
// REQUIRES: x86_64
// RUN: %clangxx -I%gbench_include -O2 %s %libsteady -o %t
// RUN: %t --instrument=valgrind --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 --no-baseline --json=%t.json > /dev/null 2>&1
// RUN: %python %S/Inputs/gbench_pause_check.py %t.json | %FileCheck %s
// CHECK: paused work counted: no
// CHECK: unpaused work counted: yes
#include <benchmark/benchmark.h>

#include <vector>

static std::vector<int> g_data(1000, 3);

static int sum() {
  int s = 0;
  for (int x : g_data) {
    benchmark::DoNotOptimize(x);
    s += x;
  }
  return s;
}

static void BM_PauseOnly(benchmark::State &state) {
  for (auto _ : state) {
    state.PauseTiming();
    state.ResumeTiming();
    benchmark::DoNotOptimize(g_data.data());
  }
}
BENCHMARK(BM_PauseOnly);

static void BM_PausedWork(benchmark::State &state) {
  for (auto _ : state) {
    state.PauseTiming();
    benchmark::DoNotOptimize(sum());
    state.ResumeTiming();
    benchmark::DoNotOptimize(g_data.data());
  }
}
BENCHMARK(BM_PausedWork);

static void BM_UnpausedWork(benchmark::State &state) {
  for (auto _ : state) {
    state.PauseTiming();
    state.ResumeTiming();
    benchmark::DoNotOptimize(sum());
    benchmark::DoNotOptimize(g_data.data());
  }
}
BENCHMARK(BM_UnpausedWork);

BENCHMARK_MAIN();
