// A Google Benchmark suite using each API steady's <benchmark/benchmark.h>
// supports once; built unchanged against Google Benchmark and against steady.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

static std::vector<int> make(int64_t n) { return std::vector<int>(std::size_t(n), 3); }

static int sum(const std::vector<int> &v) {
  int s = 0;
  for (int x : v)
    s += x;
  return s;
}

// Range, ArgName, counters, items and bytes per second, label, complexity.
static void BM_Sum(benchmark::State &state) {
  std::vector<int> v = make(state.range(0));
  for (auto _ : state)
    benchmark::DoNotOptimize(sum(v));
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetBytesProcessed(state.iterations() * state.range(0) * int64_t(sizeof(int)));
  state.counters["elements"] = double(state.range(0));
  state.counters["per_iteration"] = benchmark::Counter(2 * double(state.iterations()), benchmark::Counter::kAvgIterations);
  state.SetComplexityN(state.range(0));
  state.SetLabel("sum");
}
BENCHMARK(BM_Sum)->RangeMultiplier(4)->Range(8, 128)->ArgName("n")->Complexity(benchmark::oN);

// Args, Ranges, ArgsProduct, DenseRange, Apply, Unit.
static void BM_Grid(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(state.range(0) * state.range(1));
}
static void grid_args(benchmark::internal::Benchmark *b) { b->Args({1, 2}); }
BENCHMARK(BM_Grid)->Apply(grid_args)->Ranges({{1, 8}, {64, 64}})->ArgsProduct({{3}, {5, 6}})->Unit(benchmark::kMicrosecond);
static void BM_Dense(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(state.range(0));
}
BENCHMARK(BM_Dense)->DenseRange(0, 4, 2)->ArgNames({"i"});

// A template and a capture.
template <class T> static void BM_Template(benchmark::State &state) {
  T x = 0;
  for (auto _ : state) {
    x += T(1);
    benchmark::DoNotOptimize(x);
  }
}
BENCHMARK_TEMPLATE(BM_Template, int);
static void BM_Capture(benchmark::State &state, std::string s) {
  for (auto _ : state)
    benchmark::DoNotOptimize(s.size());
}
BENCHMARK_CAPTURE(BM_Capture, hello, std::string("hello"));

// A fixture, defined and registered apart, and one in one macro.
struct Data : benchmark::Fixture {
  std::vector<int> v;
  void SetUp(const benchmark::State &) override { v = make(16); }
  void TearDown(const benchmark::State &) override { v.clear(); }
};
BENCHMARK_DEFINE_F(Data, Sum)(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(sum(v));
}
BENCHMARK_REGISTER_F(Data, Sum)->Arg(16)->UseRealTime();
BENCHMARK_F(Data, Front)(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(v.empty() ? 0 : v.front());
}

// KeepRunning and KeepRunningBatch, ClobberMemory.
static void BM_KeepRunning(benchmark::State &state) {
  int x = 0;
  while (state.KeepRunning()) {
    benchmark::DoNotOptimize(x += 1);
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_KeepRunning);
static void BM_KeepRunningBatch(benchmark::State &state) {
  int x = 0;
  while (state.KeepRunningBatch(4))
    for (int i = 0; i < 4; ++i)
      benchmark::DoNotOptimize(x += i);
}
BENCHMARK(BM_KeepRunningBatch);

// PauseTiming around work that is not measured.
static void BM_Paused(benchmark::State &state) {
  std::vector<int> v = make(64);
  for (auto _ : state) {
    state.PauseTiming();
    benchmark::DoNotOptimize(sum(v));
    state.ResumeTiming();
    benchmark::DoNotOptimize(v.data());
  }
}
BENCHMARK(BM_Paused);

// Manual time: every iteration says it took 2 us.
static void BM_Manual(benchmark::State &state) {
  for (auto _ : state) {
    benchmark::DoNotOptimize(state.iterations());
    state.SetIterationTime(2e-6);
  }
}
BENCHMARK(BM_Manual)->UseManualTime();

// Setup and Teardown, once per run (steady: per fork).
static int g_ready = 0;
static void ready(const benchmark::State &) { g_ready = 1; }
static void done(const benchmark::State &) { g_ready = 0; }
static void BM_Setup(benchmark::State &state) {
  if (!g_ready)
    state.SkipWithError("Setup did not run");
  for (auto _ : state)
    benchmark::DoNotOptimize(g_ready);
}
BENCHMARK(BM_Setup)->Setup(ready)->Teardown(done);

// Skipped, threads, and what steady decides itself.
static void BM_Skip(benchmark::State &state) {
  state.SkipWithError("no input here");
  for (auto _ : state)
    benchmark::DoNotOptimize(state.iterations());
}
BENCHMARK(BM_Skip);
static void BM_Threads(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(state.thread_index());
}
BENCHMARK(BM_Threads)->Threads(2);
static void BM_Decided(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(state.iterations());
}
BENCHMARK(BM_Decided)->Repetitions(2)->MinTime(0.01);
BENCHMARK(BM_Decided)->Iterations(10);

// Registered at run time.
int main(int argc, char **argv) {
  benchmark::RegisterBenchmark("BM_Registered", [](benchmark::State &state, int k) {
    for (auto _ : state)
      benchmark::DoNotOptimize(k);
  }, 7);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
