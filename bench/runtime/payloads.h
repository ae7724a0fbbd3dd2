// Payloads shared by bench-runtime's steady and Google Benchmark binaries.
#pragma once

#include <cstdint>

namespace payloads {

// A chain of N dependent additions the compiler cannot shorten: each add is an
// asm statement on the previous result, so time grows exactly with N.
template <int N>
inline std::uint64_t add_chain(std::uint64_t x, std::uint64_t y) {
#pragma clang loop unroll(disable)
  for (int i = 0; i < N; ++i)
    asm("add %1, %0" : "+r"(x) : "r"(y));
  return x;
}

} // namespace payloads
