#include "steady/registry.h"

namespace steady {

static std::vector<Benchmark> &registry() {
  // Function-local so registration from static initialisers in any order works.
  static std::vector<Benchmark> all;
  return all;
}

const std::vector<Benchmark> &benchmarks() { return registry(); }

bool detail::add_benchmark(const Benchmark &b) {
  registry().push_back(b);
  return true;
}

} // namespace steady
