// Protection costs no instructions: each naive payload compiled with the plugin
// has no more instructions in its measured code than the same payload written
// by hand to consume the same values (steady::sink / steady::opaque, the way an
// expert uses benchmark::DoNotOptimize), compiled without the plugin.
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %s -o %t.protected.s
// RUN: %clangxx -O2 -DEXPERT -S %s -o %t.expert.s
// RUN: %python %S/../Inputs/count_instructions.py %t.protected.s %t.expert.s \
// RUN:   log_constant unused_sum vector_fill add_chain division_literal string_dropped \
// RUN:   | %FileCheck %s
#include <cmath>
#include <steady/steady.h>
#include <string>
#include <vector>

int data[4096];

#ifndef EXPERT
STEADY_BENCH(log_constant) { return std::log(2.5); }
STEADY_BENCH(unused_sum) {
  int s = 0;
  for (int i = 0; i < 4096; ++i)
    s += data[i];
}
STEADY_BENCH(vector_fill) {
  std::vector<int> v(256);
  for (int i = 0; i < 256; ++i)
    v[i] = i * 7;
}
STEADY_BENCH(add_chain) {
  double x = 1.0;
  for (int i = 0; i < 1000; ++i)
    x += 0.5;
}
STEADY_BENCH(division_literal) {
  int n = 1000003;
  return n / 7;
}
STEADY_BENCH(string_dropped) { std::string s = "a string long enough to need the heap"; }
#else
STEADY_BENCH(log_constant) { return std::log(steady::opaque(2.5)); }
STEADY_BENCH(unused_sum) {
  int s = 0;
  for (int i = 0; i < 4096; ++i)
    s += data[i];
  steady::sink(s);
}
STEADY_BENCH(vector_fill) {
  std::vector<int> v(steady::opaque(std::size_t{256}));
  for (int i = 0; i < 256; ++i)
    v[i] = i * 7;
  steady::sink(v);
}
STEADY_BENCH(add_chain) {
  double x = 1.0;
  for (int i = 0; i < 1000; ++i)
    x += 0.5;
  steady::sink(x);
}
STEADY_BENCH(division_literal) {
  int n = steady::opaque(1000003);
  return n / 7;
}
STEADY_BENCH(string_dropped) {
  std::string s = "a string long enough to need the heap";
  steady::sink(s);
}
#endif

// CHECK: log_constant: protected={{[0-9]+}} expert={{[0-9]+}} ok
// CHECK: unused_sum: protected={{[0-9]+}} expert={{[0-9]+}} ok
// CHECK: vector_fill: protected={{[0-9]+}} expert={{[0-9]+}} ok
// CHECK: add_chain: protected={{[0-9]+}} expert={{[0-9]+}} ok
// CHECK: division_literal: protected={{[0-9]+}} expert={{[0-9]+}} ok
// CHECK: string_dropped: protected={{[0-9]+}} expert={{[0-9]+}} ok
