// Some calls of a measurement loop computed before it runs while another
// stays (seqan3's combined<std>: predicates of an element of a constexpr
// array of zeros): isalpha(0) is called once before the loop, isdigit(0)
// folded, only isblank(0) left in it. Reported, naming both and how each
// went, with the fix for a constant array (DoNotOptimize of the array itself
// does not help: its contents stay known); the same at -g0 and with line tables.
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=LINES
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <benchmark/benchmark.h>
#include <array>
#include <cctype>
#include <cstddef>

constexpr std::array<char, 1 << 12> arr{};

static void BM_combined(benchmark::State &state) {
  size_t sum = 0, i = 0;
  for (auto _ : state) {
    i = (i + 1) % arr.size();
    sum += std::isalpha(arr[i]) || std::isblank(arr[i]) || std::isdigit(arr[i]);
  }
  [[maybe_unused]] volatile size_t fin = sum;
}
BENCHMARK(BM_combined);

// CHECK-NOT: warning:
// LINES-NOT: warning:
// CHECK: warning: the calls of 'isalpha' (computed once, before the loop) and 'isdigit' (computed at compile time) in the measurement loop of benchmark 'BM_combined' get only inputs known at compile time and are computed before the loop runs: the loop does not run them and measures only the rest of its body; the input is read from the constant array 'arr', whose elements are all the same: if it stands for input data, read it through a pointer passed through benchmark::DoNotOptimize() (the compiler knows what a constant array holds)
// LINES: gbench-folded-call-partial.cpp:20:12: warning: the calls of 'isalpha' (computed once, before the loop) and 'isdigit' (computed at compile time) in the measurement loop of benchmark 'BM_combined' get only inputs known at compile time and are computed before the loop runs: the loop does not run them and measures only the rest of its body; the input is read from the constant array 'arr', whose elements are all the same: if it stands for input data, read it through a pointer passed through benchmark::DoNotOptimize() (the compiler knows what a constant array holds)
// CHECK-NOT: warning:
// LINES-NOT: warning:
