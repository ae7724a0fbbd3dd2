// Parameters: each combination is its own benchmark (sort/n=1024/order=sorted).
#include <algorithm>
#include <cstdint>
#include <steady/steady.h>
#include <unordered_map>
#include <vector>

#include "inputs.h"

using examples::inputs;

struct SortInput : steady::Fixture {
  std::vector<std::uint32_t> input, work;
  void setup() override {
    auto n = std::size_t(param_int("n"));
    input.assign(inputs().ints.begin(), inputs().ints.begin() + long(n));
    if (param("order") == "sorted")
      std::sort(input.begin(), input.end());
    work.resize(n);
  }
  // Sorting works in place: restore the input before every call, untimed.
  void setup_invocation() override { std::copy(input.begin(), input.end(), work.begin()); }
  // The table's throughput column: elements sorted per second.
  double items_per_op() const override { return double(param_int("n")); }
};

STEADY_BENCH_F(SortInput, sort, steady::param("n", {256, 1024, 4096}), steady::param("order", {"random", "sorted"})) {
  std::sort(work.begin(), work.end());
  return work[0];
}

struct MapSize : steady::Fixture {
  std::size_t n = 0;
  void setup() override { n = std::size_t(param_int("n")); }
};

STEADY_BENCH_F(MapSize, unordered_map_build, steady::param("n", {64, 512, 4096})) {
  std::unordered_map<std::uint32_t, std::uint32_t> m;
  for (std::size_t i = 0; i < n; ++i)
    m[inputs().ints[i]] = std::uint32_t(i);
  return m.size();
}
