// A value folded from literals is not reported when another benchmark of the
// file computes the same function from inputs it passes through DoNotOptimize
// (abseil's BM_OffsetConstant, Offset<3>() of Partial(3, 5, 7), beside
// BM_OffsetVariable, the same on n, m, k made opaque): the folded one is the
// constant case of a comparison, and the advice is already followed in the
// other. A function computed elsewhere only from the State's parameters is no
// such comparison: its folded use is still reported. Same at -g0 and with
// line tables.
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=warning:
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=warning:
#include <benchmark/benchmark.h>
#include <cstddef>

namespace {
struct Layout {
  size_t n, m, k;
};
constexpr size_t Align(size_t x, size_t a) { return (x + a - 1) & ~(a - 1); }
constexpr Layout Partial(size_t n, size_t m, size_t k) { return Layout{n, m, k}; }
constexpr size_t Offset(const Layout &l) { return Align(Align(Align(l.n, 2) + l.m * 2, 4) + l.k * 4, 8); }
constexpr size_t Days(size_t y) { return y * 365 + y / 4 - y / 100 + y / 400; }
} // namespace

void BM_offset_constant(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(Offset(Partial(3, 5, 7)));
}
BENCHMARK(BM_offset_constant);

void BM_offset_variable(benchmark::State &state) {
  size_t n = 3, m = 5, k = 7;
  for (auto _ : state) {
    benchmark::DoNotOptimize(n);
    benchmark::DoNotOptimize(m);
    benchmark::DoNotOptimize(k);
    benchmark::DoNotOptimize(Offset(Partial(n, m, k)));
  }
}
BENCHMARK(BM_offset_variable);

void BM_days_literal(benchmark::State &state) {
  for (auto _ : state)
    benchmark::DoNotOptimize(Days(2014));
}
BENCHMARK(BM_days_literal);

void BM_days_range(benchmark::State &state) {
  size_t y = state.range(0);
  for (auto _ : state)
    benchmark::DoNotOptimize(Days(y));
}
BENCHMARK(BM_days_range)->Arg(2014);

// CHECK: warning: a result consumed in benchmark 'BM_days_literal' is folded to a compile-time constant
