// Benchmark registration: what STEADY_BENCH expands to, and the runner entry.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "steady/primitives.h"

namespace steady {

struct Benchmark {
  const char *name;
  const char *file;
  int line;
  // Set to true by the plugin at compile time on every payload it protected.
  const bool *protected_by_plugin;
  // Runs the payload `iterations` times back to back, consuming every result.
  void (*run)(std::uint64_t iterations);
};

// Every benchmark registered in the program, in registration order.
const std::vector<Benchmark> &benchmarks();

// Runs the benchmarks selected by the command line; what `main` in libsteady calls.
int run_main(int argc, char **argv);

namespace detail {

bool add_benchmark(const Benchmark &b);

// Instantiated at the end of the translation unit, after the payload (whose
// return type is deduced) has been defined.
template <class B>
void run_batch(std::uint64_t iterations) {
  for (std::uint64_t i = 0; i < iterations; ++i) {
    if constexpr (std::is_void_v<decltype(B::payload())>) {
      B::payload();
    } else {
      sink(B::payload());
    }
  }
}

template <class B>
bool register_benchmark(const char *name, const char *file, int line) {
  return add_benchmark({name, file, line, &B::protected_by_plugin, &run_batch<B>});
}

} // namespace detail
} // namespace steady
