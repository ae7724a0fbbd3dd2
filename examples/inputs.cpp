#include "inputs.h"

#include <algorithm>
#include <numeric>
#include <random>

namespace examples {

const Inputs &inputs() {
  static const Inputs in = [] {
    Inputs in;
    std::mt19937_64 rng(20261122);
    in.ints.resize(kN);
    in.doubles.resize(kN);
    for (std::size_t i = 0; i < kN; ++i) {
      in.ints[i] = static_cast<std::uint32_t>(rng());
      in.doubles[i] = static_cast<double>(rng() >> 11) * 0x1.0p-53;
    }
    // Sattolo's algorithm: one cycle through all kN slots.
    in.next.resize(kN);
    std::iota(in.next.begin(), in.next.end(), 0u);
    for (std::size_t i = kN - 1; i > 0; --i)
      std::swap(in.next[i], in.next[rng() % i]);
    for (int i = 0; i < 512; ++i) {
      std::string w;
      for (int len = 3 + static_cast<int>(rng() % 10); len > 0; --len)
        w += static_cast<char>('a' + rng() % 26);
      in.words.push_back(w);
      in.numbers.push_back(std::to_string(static_cast<std::int64_t>(rng() % 2000000) - 1000000));
    }
    for (char &c : in.bytes)
      c = static_cast<char>(' ' + rng() % 95);
    return in;
  }();
  return in;
}

} // namespace examples
