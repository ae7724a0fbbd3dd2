// A real run's report (two benchmarks, software counters, a parameter) opens
// in headless chromium with every chart drawn, no console error and no
// request leaving the file; its first screen is kept as a screenshot under
// the build tree to look at.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --counters=task-clock,context-switches --stop=none --forks=2 --warmup-iterations=3 --iterations=12 --iteration-time=0.005 --json=%t.json > /dev/null
// RUN: %steady report %t.json -o %t.html
// RUN: %check_page %t.html --draw-all --text --screenshot %t.png | %FileCheck %s
#include <cmath>
#include <steady/steady.h>
#include <vector>

STEADY_BENCH(sqrt_chain) {
  double x = 2.0;
  for (int i = 0; i < 100; ++i)
    x = std::sqrt(x + 1.0);
  return x;
}

struct Sized : steady::Fixture {
  std::vector<double> v;
  void setup() override { v.assign(param_int("n"), 1.5); }
};

STEADY_BENCH_F(Sized, sum, steady::param("n", {16, 256})) {
  double s = 0;
  for (double x : v)
    s += x;
  return s;
}

// CHECK: page ready
// CHECK-NEXT: charts: 9 series=3 distribution=3 counters=3
// CHECK-NOT: != data
// CHECK-NOT: pending
// CHECK: task-clock/op
// CHECK: console errors: 0
// CHECK-NEXT: requests outside the file: 0
// CHECK-NEXT: screenshot: {{.*}}.png
