// Fixture levels are called the right number of times: setup/teardown once
// per fork (trial), once per iteration, and around every invocation (outside
// the timed region, one invocation per batch).
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=2 --warmup-iterations=1 --iterations=2 --iteration-time=0.002 2>&1 >/dev/null | %FileCheck %s
#include <cstdio>
#include <steady/steady.h>

struct Counted : steady::Fixture {
  int trials = 0, trial_teardowns = 0, iterations = 0, iteration_teardowns = 0;
  long invocations = 0, invocation_teardowns = 0, calls = 0;
  void setup() override { ++trials; }
  void setup_iteration() override { ++iterations; }
  void teardown_iteration() override { ++iteration_teardowns; }
  void setup_invocation() override { ++invocations; }
  void teardown_invocation() override { ++invocation_teardowns; }
  void teardown() override {
    ++trial_teardowns;
    std::fprintf(stderr, "trial %d/%d iterations %d/%d invocations match calls: %s\n", trials, trial_teardowns,
                 iterations, iteration_teardowns,
                 invocations == calls && invocation_teardowns == calls && calls > 0 ? "yes" : "no");
  }
};

STEADY_BENCH_F(Counted, counted) { return ++calls; }

// CHECK: trial 1/1 iterations 3/3 invocations match calls: yes
// CHECK: trial 1/1 iterations 3/3 invocations match calls: yes
