// Memory-bound scans and pointer chasing over the shared inputs.
#include <cstdint>
#include <cstring>
#include <steady/steady.h>

#include "inputs.h"

using examples::inputs;

STEADY_BENCH(scan_sum_u32) {
  std::uint64_t s = 0;
  for (std::uint32_t v : inputs().ints)
    s += v;
  return s;
}

STEADY_BENCH(strided_scan) {
  const auto &v = inputs().ints;
  std::uint64_t s = 0;
  for (std::size_t i = 0; i < v.size(); i += 16)
    s += v[i];
  return s;
}

STEADY_BENCH(pointer_chase_4k) {
  const auto &next = inputs().next;
  std::uint32_t p = 0;
  for (std::size_t i = 0; i < next.size(); ++i)
    p = next[p];
  return p;
}

STEADY_BENCH(memcpy_16k) {
  std::uint32_t dst[examples::kN]; // written and dropped: the plugin keeps the copy
  std::memcpy(dst, inputs().ints.data(), sizeof dst);
}
