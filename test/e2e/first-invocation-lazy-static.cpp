// What the first call in a fresh process pays once, whatever the payload (an
// input table built on first use, here 5 ms), is not the wrong-steady-state
// sign: a fixture's first invocation is timed after a throwaway trial, and a
// plain payload's is not timed at all (a plain payload changing a global is
// the plugin's compile-time "mutated" finding).
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=2 --warmup-iterations=1 --iterations=2 --iteration-time=0.005 --json=%t.json | %FileCheck %s --check-prefix=TABLE
// RUN: %python %S/Inputs/flags.py %t.json | %FileCheck %s
#include <chrono>
#include <steady/steady.h>

static unsigned table() {
  static const unsigned built = [] {
    auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(5);
    unsigned n = 0;
    while (std::chrono::steady_clock::now() < end)
      ++n;
    return n | 1;
  }();
  return built;
}

struct Input : steady::Fixture {
  unsigned seed = 7;
};

static unsigned work(unsigned x) {
  for (int i = 0; i < 100; ++i)
    x = x * 3 + table();
  return x;
}

STEADY_BENCH_F(Input, fixture_lazy_table) { return work(seed); }

STEADY_BENCH(plain_lazy_table) { return work(steady::opaque(3u)); }

// TABLE-NOT: first invocation
// CHECK: fixture_lazy_table flags: none
// CHECK: fixture_lazy_table first invocation measured: True
// CHECK: plain_lazy_table flags: none
// CHECK: plain_lazy_table first invocation measured: False
