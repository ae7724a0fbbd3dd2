// A call of the measurement loop on an input the benchmark set up as data (a
// variable given a literal before the loop) that the optimizer computes at
// compile time: seqan3's to_char<T>, where std::to_chars(buf, end, val) of
// val = 120 becomes one store of "120\0" and the loop measures only strlen
// and the stream insertion. Reported at the call, naming the literal and the
// fix; the same finding at -g0 (no line) and with line tables.
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=LINES
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s
#include <benchmark/benchmark.h>
#include <charconv>
#include <iterator>
#include <sstream>

template <typename T>
static void BM_to_chars(benchmark::State &state) {
  T val{120};
  std::stringstream ss;
  char buffer[10];
  for (auto _ : state) {
    auto result = std::to_chars(std::begin(buffer), std::end(buffer), val);
    *result.ptr = 0;
    ss << buffer;
  }
  [[maybe_unused]] volatile auto fin = ss.rdbuf();
}
BENCHMARK_TEMPLATE(BM_to_chars, int);
BENCHMARK_TEMPLATE(BM_to_chars, unsigned long);

// CHECK-NOT: warning:
// LINES-NOT: warning:
// CHECK: warning: the call of 'std::to_chars' in the measurement loop of benchmark 'BM_to_chars<int>' gets only inputs known at compile time and is computed at compile time: the loop does not run it and measures only the rest of its body; it is computed from 120
// LINES: gbench-folded-call.cpp:20:19: warning: the call of 'std::to_chars' in the measurement loop of benchmark 'BM_to_chars<int>' gets only inputs known at compile time and is computed at compile time: the loop does not run it and measures only the rest of its body; it is computed from 120 at line 16:5: if it stands for input data, pass it through benchmark::DoNotOptimize() first
// CHECK-NOT: warning:
// LINES-NOT: warning:
// CHECK: warning: the call of 'std::to_chars' in the measurement loop of benchmark 'BM_to_chars<unsigned long>' gets only inputs known at compile time and is computed at compile time
// LINES: gbench-folded-call.cpp:20:19: warning: the call of 'std::to_chars' in the measurement loop of benchmark 'BM_to_chars<unsigned long>' gets only inputs known at compile time and is computed at compile time
// CHECK-NOT: warning:
// LINES-NOT: warning:
