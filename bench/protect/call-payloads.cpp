// The shapes of issue 12 for scripts/bench-protect: naive payloads that call
// the code under test (inline functions, the way most benchmarks do) and drop
// or fold its result, read literal data through memory, or mutate their
// fixture. Same convention as payloads.cpp: without -DEXPERT the payload as a
// user writes it; with -DEXPERT the same work with steady::sink /
// steady::opaque where an expert puts benchmark::DoNotOptimize (compiled
// without the plugin).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <steady/steady.h>
#include <vector>

namespace {

std::vector<int> numbers(4096, 3);
std::map<int, int> table = {{1, 10}, {3, 30}, {5, 50}, {7, 70}, {9, 90}, {11, 110}, {13, 130}};
unsigned char zeros[256]; // static, never written: its contents are known to be zeros

inline long sum(const std::vector<int> &v) {
  long s = 0;
  for (int x : v)
    s += x;
  return s;
}

#ifndef EXPERT
// The naive code under test: a void function whose result stays in a local.
inline void sum_squares(const std::vector<int> &v) {
  long s = 0;
  for (int x : v)
    s += long(x) * x;
}
#else
inline void sum_squares(const std::vector<int> &v) {
  long s = 0;
  for (int x : v)
    s += long(x) * x;
  steady::sink(s);
}
#endif

// Code under test whose constants fold: steady reports it rather than change it.
[[maybe_unused]] inline double naive_log() { return std::log(42.0); }

inline std::uint64_t fnv1a(const char *s) {
  std::uint64_t h = 14695981039346656037u;
  for (; *s; ++s)
    h = (h ^ static_cast<unsigned char>(*s)) * 1099511628211u;
  return h;
}

struct Shuffled : steady::Fixture {
  std::vector<int> v;
  void setup() override {
    std::uint32_t x = 1;
    for (int i = 0; i < 4096; ++i) {
      x = x * 1664525u + 1013904223u; // random order
      v.push_back(int(x >> 8));
    }
  }
};

} // namespace

#ifndef EXPERT

STEADY_BENCH(discarded_call_result) { sum(numbers); }
STEADY_BENCH(void_callee) { sum_squares(numbers); }
STEADY_BENCH(string_literal_hash) { fnv1a("the quick brown fox jumps over the lazy dog"); }
STEADY_BENCH(memcpy_zero_static) {
  unsigned char buf[256];
  std::memcpy(buf, zeros, sizeof buf);
}
STEADY_BENCH(map_lookup_dropped) { table.find(7); }
// The callee's literal folds: reported (folded), its number flagged.
STEADY_BENCH(log_in_callee) { naive_log(); }
// An integer add chain with a literal trip count is an induction variable:
// computed in closed form, reported (folded).
STEADY_BENCH(int_add_chain) {
  long x = 0;
  for (int i = 0; i < 1000; ++i)
    x += 3;
}
// Sorts its fixture's vector in place: from the second invocation on it sorts
// sorted data. Reported at compile time (mutated input); the expert restores
// the input before every invocation, so the two measure different work.
STEADY_BENCH_F(Shuffled, fixture_sort) { std::sort(v.begin(), v.end()); }

#else

STEADY_BENCH(discarded_call_result) { steady::sink(sum(numbers)); }
STEADY_BENCH(void_callee) { sum_squares(numbers); }
STEADY_BENCH(string_literal_hash) {
  steady::sink(fnv1a(steady::opaque<const char *>("the quick brown fox jumps over the lazy dog")));
}
STEADY_BENCH(memcpy_zero_static) {
  unsigned char buf[256];
  std::memcpy(buf, steady::opaque<const unsigned char *>(zeros), sizeof buf);
  steady::sink(buf);
}
// As benchmark::DoNotOptimize(table.find(7)): the result consumed, the key a literal.
STEADY_BENCH(map_lookup_dropped) { steady::sink(table.find(7)); }
STEADY_BENCH(log_in_callee) { steady::sink(std::log(steady::opaque(42.0))); }
STEADY_BENCH(int_add_chain) {
  long x = 0;
  for (int i = 0; i < 1000; ++i) {
    x += 3;
    steady::sink(x); // every step, or the chain is computed in closed form
  }
}
struct Restored : Shuffled {
  std::vector<int> original;
  void setup() override {
    Shuffled::setup();
    original = v;
  }
  void setup_invocation() override { v = original; }
};
STEADY_BENCH_F(Restored, fixture_sort) { std::sort(v.begin(), v.end()); }

#endif
