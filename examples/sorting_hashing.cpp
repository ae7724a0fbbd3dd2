// Sorting (on copies: sorting the input itself would measure sorted data from
// the second invocation on), hashing, and writes to /dev/null.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <steady/steady.h>
#include <string_view>
#include <vector>

#include "inputs.h"

using examples::inputs;

STEADY_BENCH(sort_1024_copy) {
  std::vector<std::uint32_t> v(inputs().ints.begin(), inputs().ints.begin() + 1024);
  std::sort(v.begin(), v.end());
  return v[512];
}

STEADY_BENCH(nth_element_1024_copy) {
  std::vector<std::uint32_t> v(inputs().ints.begin(), inputs().ints.begin() + 1024);
  std::nth_element(v.begin(), v.begin() + 512, v.end());
  return v[512];
}

STEADY_BENCH(fnv1a_1k) {
  std::uint64_t h = 14695981039346656037ull;
  for (char c : inputs().bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

STEADY_BENCH(std_hash_words) {
  std::size_t h = 0;
  for (int i = 0; i < 64; ++i)
    h ^= std::hash<std::string>{}(inputs().words[i]);
  return h;
}

STEADY_BENCH(fwrite_devnull_1k) {
  static std::FILE *devnull = std::fopen("/dev/null", "w");
  return std::fwrite(inputs().bytes.data(), 1, inputs().bytes.size(), devnull);
}
