// The naive payloads of bench-protect and their expert twins. Compiled three
// ways: naive without the plugin (the optimizer guts them), naive with the
// plugin (protected), and with -DEXPERT without the plugin: the same payloads
// written the way an expert uses benchmark::DoNotOptimize, with steady::sink /
// steady::opaque consuming the same values. Used by scripts/bench-protect and
// test/codegen/zero-cost-vs-expert.cpp.
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
