// Inputs shared by the example benchmarks: filled once at start-up from a
// fixed seed, never modified by a payload (payloads that reorder data work on
// a copy), so every invocation measures the same case.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace examples {

inline constexpr std::size_t kN = 4096;

struct Inputs {
  std::vector<std::uint32_t> ints;  // kN uniform 32-bit values
  std::vector<double> doubles;      // kN values in [0, 1)
  std::vector<std::uint32_t> next;  // a random cyclic permutation, for pointer chasing
  std::vector<std::string> words;   // 512 short words
  std::vector<std::string> numbers; // 512 decimal numbers as text
  std::array<char, 1024> bytes;     // 1 KiB of text
};

const Inputs &inputs();

} // namespace examples
