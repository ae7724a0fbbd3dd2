// Parameter axes expand to their cartesian product: every combination is its
// own benchmark, in every output, and the fixture sees its values.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --list | %FileCheck %s --check-prefix=LIST
// RUN: %t --filter='n=16/' --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.001 --json=%t.json --csv=%t.csv | %FileCheck %s --check-prefix=RUN1
// RUN: %python %S/Inputs/results.py %t.json | %FileCheck %s --check-prefix=JSON
// RUN: %FileCheck %s --check-prefix=CSV < %t.csv
#include <steady/steady.h>
#include <string>
#include <vector>

struct Sized : steady::Fixture {
  std::vector<double> v;
  void setup() override { v.assign(param_int("n"), param_double("scale")); }
};

STEADY_BENCH_F(Sized, sum, steady::param("n", {16, 256}), steady::param("scale", {0.5, 2.0}),
               steady::param("kind", {"plain", "fancy"})) {
  double s = 0;
  for (double x : v)
    s += x;
  return s;
}

// LIST:      sum/n=16/scale=0.5/kind=plain
// LIST-NEXT: sum/n=16/scale=0.5/kind=fancy
// LIST-NEXT: sum/n=16/scale=2/kind=plain
// LIST-NEXT: sum/n=16/scale=2/kind=fancy
// LIST-NEXT: sum/n=256/scale=0.5/kind=plain
// LIST-NEXT: sum/n=256/scale=0.5/kind=fancy
// LIST-NEXT: sum/n=256/scale=2/kind=plain
// LIST-NEXT: sum/n=256/scale=2/kind=fancy
// LIST-NOT:  sum

// RUN1-COUNT-4: sum/n=16/
// RUN1-NOT: n=256

// JSON: sum/n=16/scale=0.5/kind=plain fork 1: ok, 1 iterations

// CSV: benchmark,params,stable,fork,fork_status,iteration,warmup,ops,ns_per_op,ticks_per_op,migrated
// CSV: sum/n=16/scale=0.5/kind=plain,n=16;scale=0.5;kind=plain,1,1,ok,0,0,
