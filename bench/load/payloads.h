// bench-load's payloads, 3 ns to 1 ms, taken from examples/ (log_constant,
// fnv1a_1k, fib_20) and fib at larger n for the long end. Shared by the
// steady and Google Benchmark binaries.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>

namespace load {

inline std::uint64_t fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

inline std::array<char, 1024> text = [] {
  std::array<char, 1024> t{};
  for (std::size_t i = 0; i < t.size(); ++i)
    t[i] = char('a' + (i * 7) % 26);
  return t;
}();

inline std::uint64_t fnv1a(const std::array<char, 1024> &bytes) {
  std::uint64_t h = 14695981039346656037ull;
  for (char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

} // namespace load

// name, expression of the opaque input x
#define LOAD_PAYLOADS(X)                                                                                               \
  X(log_constant, 2.5, std::log(x))                                                                                    \
  X(fnv1a_1k, &load::text, load::fnv1a(*x))                                                                            \
  X(fib_20, 20u, load::fib(x))                                                                                         \
  X(fib_24, 24u, load::fib(x))                                                                                         \
  X(fib_27, 27u, load::fib(x))
