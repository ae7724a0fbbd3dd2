// A payload that mutates its input is reset every k invocations, outside the
// timed region: the state never drifts further than k invocations.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=1 --warmup-iterations=1 --iterations=2 --iteration-time=0.002 2>&1 >/dev/null | %FileCheck %s
#include <cstdio>
#include <steady/steady.h>
#include <vector>

struct Growing : steady::Fixture {
  std::vector<int> v;
  std::size_t largest = 0;
  long resets = 0;
  void setup() override { v.assign(64, 1); }
  void reset() override {
    ++resets;
    v.assign(64, 1);
  }
  std::uint64_t reset_every() const override { return 100; }
  void teardown() override {
    std::fprintf(stderr, "resets: %s, largest: %s\n", resets > 10 ? "many" : "few",
                 largest <= 64 + 100 ? "within 64+100" : "too large");
  }
};

STEADY_BENCH_F(Growing, push) {
  v.push_back(1);
  if (v.size() > largest)
    largest = v.size();
  return v.size();
}

// CHECK: resets: many, largest: within 64+100
