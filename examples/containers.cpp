// std containers: hash map, ordered map, vector.
#include <map>
#include <steady/steady.h>
#include <unordered_map>

#include "inputs.h"

using examples::inputs;

STEADY_BENCH(unordered_map_build_512) {
  std::unordered_map<std::uint32_t, int> m;
  for (int i = 0; i < 512; ++i)
    m[inputs().ints[i]] = i;
  return m.size();
}

STEADY_BENCH(map_build_512) {
  std::map<std::uint32_t, int> m;
  for (int i = 0; i < 512; ++i)
    m[inputs().ints[i]] = i;
  return m.size();
}

STEADY_BENCH(unordered_map_lookup) {
  static const auto table = [] {
    std::unordered_map<std::uint32_t, int> m;
    for (int i = 0; i < 1024; ++i)
      m[inputs().ints[i]] = i;
    return m;
  }();
  int hits = 0;
  for (int i = 0; i < 256; ++i)
    hits += table.count(inputs().ints[i * 7]) != 0;
  return hits;
}

STEADY_BENCH(vector_copy_4k) {
  std::vector<std::uint32_t> copy = inputs().ints;
  return copy.size();
}
