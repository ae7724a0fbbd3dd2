// A measurement loop recognised by what it does, not by Google Benchmark's
// symbols: re2's util/benchmark.h has its own benchmark::State with a nested
// Iterator (not StateIterator) and its own BENCHMARK macro. Its range-for
// loop is audited like Google Benchmark's (the emptied body is reported),
// the same at -g0 and with line tables, and the State's own code (the
// iterator's countdown, the timer calls) is no finding.
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -mllvm -steady-audit-json=%t.g0.json -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=CHECK,G0
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -mllvm -steady-audit-json=%t.lines.json -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=CHECK,LINES
// RUN: %FileCheck %s --check-prefix=JSON < %t.g0.json
// RUN: %FileCheck %s --check-prefix=JSON < %t.lines.json
#include <cstdint>

void StartBenchmarkTiming();
void StopBenchmarkTiming();
int Work(int);

namespace benchmark {
class State {
  class Iterator {
  public:
    struct Value {};
    explicit Iterator(int64_t iters) : iters_(iters) {}
    bool operator!=(const Iterator &that) const {
      if (iters_ != that.iters_)
        return true;
      StopBenchmarkTiming();
      return false;
    }
    Value operator*() const { return Value(); }
    Iterator &operator++() {
      --iters_;
      return *this;
    }

  private:
    int64_t iters_;
  };

public:
  explicit State(int64_t iters) : iters_(iters) {}
  Iterator begin() {
    StartBenchmarkTiming();
    return Iterator(iters_);
  }
  Iterator end() { return Iterator(0); }
  int64_t iterations() const { return iters_; }

private:
  int64_t iters_;
};
} // namespace benchmark

namespace testing {
struct Benchmark {
  Benchmark(const char *name, void (*func)(benchmark::State &));
};
} // namespace testing
#define BENCHMARK(f) ::testing::Benchmark *_benchmark_##f = (new ::testing::Benchmark(#f, f))

static void BM_square(benchmark::State &state) {
  int x = int(state.iterations());
  for (auto _ : state) {
    int r = x * x + 3; // never used
    (void)r;
  }
}
BENCHMARK(BM_square);

static void BM_work(benchmark::State &state) {
  int s = 0;
  for (auto _ : state)
    s += Work(s);
  if (s == 42)
    StopBenchmarkTiming();
}
BENCHMARK(BM_work);

// G0: gbench-lookalike-state.cpp:60:13: warning: the 'add' (i32) in benchmark 'BM_square'
// LINES: gbench-lookalike-state.cpp:63:19: warning: the 'add' (i32) in benchmark 'BM_square'
// CHECK-SAME: is never used and the optimizer deletes it
// CHECK-NOT: warning:
// JSON: "audited": [
// JSON: "function": "BM_square"
// JSON: "function": "BM_work"
// JSON: "not_audited": []
