// A DoNotOptimize value that is a constant as written, built without any
// computation (a template argument, a constant struct returned by a function
// that only assembles constants: abseil's absl::InfiniteFuture() and
// BM_OffsetConstantHeadroom's `DoNotOptimize(Offset)`), is not reported: the
// optimizer folded no work, the benchmark measures a constant by intent and
// there is no input to pass through DoNotOptimize. A value computed from
// literals (arithmetic in a constexpr function) still is, and so is a literal
// input the frontend already folded (std::strlen of a string literal: 8).
// Same at -g0 and with line tables.
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=warning:
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=warning:
#include <benchmark/benchmark.h>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

namespace {
struct Duration {
  constexpr Duration(int64_t hi, uint32_t lo) : hi(hi), lo(lo) {}
  int64_t hi;
  uint32_t lo;
};
struct Time {
  constexpr explicit Time(Duration d) : rep(d) {}
  Duration rep;
};
constexpr Duration MakeDuration(int64_t hi, uint32_t lo) { return Duration(hi, lo); }
constexpr Time InfiniteFuture() { return Time(MakeDuration(std::numeric_limits<int64_t>::max(), ~0U)); }

constexpr int64_t DaysFromCivil(int64_t y, int64_t m, int64_t d) {
  return y * 365 + y / 4 - y / 100 + y / 400 + (153 * m + 2) / 5 + d;
}
} // namespace

template <size_t Offset>
void BM_headroom(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(Offset);
}
BENCHMARK_TEMPLATE(BM_headroom, 48);

void BM_infinite_future(benchmark::State &state) {
  while (state.KeepRunning())
    benchmark::DoNotOptimize(InfiniteFuture());
}
BENCHMARK(BM_infinite_future);

void BM_days(benchmark::State &state) {
  while (state.KeepRunning())
    benchmark::DoNotOptimize(DaysFromCivil(2014, 8, 22));
}
BENCHMARK(BM_days);

void BM_length(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(std::strlen("constant"));
}
BENCHMARK(BM_length);

// CHECK: warning: a result consumed in benchmark 'BM_days' is folded to a compile-time constant
// CHECK: warning: a result consumed in benchmark 'BM_length' is folded to a compile-time constant
