// More naive payloads for scripts/bench-protect, beyond the six of the issue
// (those are in payloads.cpp, which test/codegen/zero-cost-vs-expert.cpp also
// checks). Same convention: without -DEXPERT, the payload as a user writes it,
// nothing consumed by hand; with -DEXPERT, the same payload with steady::sink /
// steady::opaque placed by hand where an expert would put
// benchmark::DoNotOptimize (compiled without the plugin).
//
// The naive bodies leave values unused on purpose: that is what is measured.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <steady/steady.h>
#include <string>

// Input data: nothing writes it, but it has external linkage, so the compiler
// cannot assume its contents (like `data` in payloads.cpp).
alignas(64) unsigned char bytes_in[256];

namespace {
struct Point {
  double x, y;
};
} // namespace

#ifndef EXPERT

// A small array initialised from literals, sorted in place and dropped. Even
// without the plugin the optimizer keeps this sort (the array escapes into
// memmove): protection has nothing to rescue and should cost nothing.
STEADY_BENCH(sort_initialiser) {
  int a[] = {9, 3, 7, 1, 8, 2, 6, 4, 5, 0};
  std::sort(std::begin(a), std::end(a));
}

// A buffer copied into and dropped.
STEADY_BENCH(memcpy_dropped) {
  unsigned char dst[256];
  std::memcpy(dst, bytes_in, sizeof dst);
}

// A number formatted from a literal and dropped.
STEADY_BENCH(to_string_literal) { std::string s = std::to_string(123456789); }

// Structs initialised from literals: everything is known at compile time.
STEADY_BENCH(point_distance) {
  Point a{1.0, 2.0}, b{4.0, 6.0};
  return std::sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y));
}

// A dependent integer multiply-add chain of 1000 steps, final value dropped.
STEADY_BENCH(muladd_chain) {
  std::uint32_t x = 1;
  for (int i = 0; i < 1000; ++i)
    x = x * 3 + 1;
}

// FNV-1a over a counter with a literal seed and 64 steps, hash dropped. All its
// inputs are literals, so the optimizer can evaluate the whole loop at compile
// time; the expert makes the seed opaque.
STEADY_BENCH(hash_chain) {
  std::uint64_t h = 14695981039346656037u;
  for (int i = 0; i < 64; ++i)
    h = (h ^ static_cast<std::uint64_t>(i)) * 1099511628211u;
}

#else

STEADY_BENCH(sort_initialiser) {
  int a[] = {9, 3, 7, 1, 8, 2, 6, 4, 5, 0};
  steady::sink(a); // contents unknown from here on
  std::sort(std::begin(a), std::end(a));
  steady::sink(a); // sorted contents observable
}

STEADY_BENCH(memcpy_dropped) {
  unsigned char dst[256];
  std::memcpy(dst, bytes_in, sizeof dst);
  steady::sink(dst);
}

STEADY_BENCH(to_string_literal) {
  std::string s = std::to_string(steady::opaque(123456789));
  steady::sink(s);
}

STEADY_BENCH(point_distance) {
  Point a{steady::opaque(1.0), steady::opaque(2.0)}, b{steady::opaque(4.0), steady::opaque(6.0)};
  return std::sqrt((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y));
}

STEADY_BENCH(muladd_chain) {
  std::uint32_t x = 1;
  for (int i = 0; i < 1000; ++i)
    x = x * 3 + 1;
  steady::sink(x);
}

STEADY_BENCH(hash_chain) {
  std::uint64_t h = steady::opaque(std::uint64_t{14695981039346656037u});
  for (int i = 0; i < 64; ++i)
    h = (h ^ static_cast<std::uint64_t>(i)) * 1099511628211u;
  steady::sink(h);
}

#endif
