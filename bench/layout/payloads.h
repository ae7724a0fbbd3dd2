// bench-layout's seven payloads, shared by its steady and Google Benchmark
// binaries. Each binary is built with LAYOUT_PAD bytes of unrelated code
// (nops, as module-level asm: emitted before every function of the file)
// in front of them.
#pragma once

#include <cstdint>
#include <cstring>
#include <unordered_map>
#include <vector>

#ifndef LAYOUT_PAD
#define LAYOUT_PAD 0
#endif
#define LAYOUT_STR2(x) #x
#define LAYOUT_STR(x) LAYOUT_STR2(x)
asm(".text\n.skip " LAYOUT_STR(LAYOUT_PAD) ", 0x90\n");

namespace layout {

// In other.cpp, another translation unit: never inlined, never pinned.
long other_tu_sum(const int *p, int n);

inline int branchy(const std::uint8_t *data, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) {
    if (data[i] & 1)
      s += data[i];
    else if (data[i] & 2)
      s -= 3;
    else
      s ^= data[i];
  }
  return s;
}

inline std::uint64_t dependent_chain(std::uint64_t x) {
  for (int i = 0; i < 64; ++i)
    x = x * 0x9E3779B97F4A7C15ull + (x >> 29);
  return x;
}

struct Inputs {
  std::vector<int> pushed;
  std::vector<std::uint8_t> bytes = std::vector<std::uint8_t>(256);
  std::unordered_map<int, int> table;
  std::vector<int> src = std::vector<int>(1024, 7), dst;
  int ints[256];
  char from[64] = "sixty-four bytes of source data for the memcpy payload........";
  char to[64];
  Inputs() {
    std::uint32_t s = 12345;
    for (auto &b : bytes)
      b = std::uint8_t((s = s * 1103515245u + 12345u) >> 16);
    for (int i = 0; i < 64; ++i)
      table[i * 7919] = i;
    for (int i = 0; i < 256; ++i)
      ints[i] = i * 3;
  }
};

} // namespace layout
