// absl::Duration's representation and its factory (absl/time/time.h), for
// the tests of abseil's time benchmarks.
#pragma once
#include <cstdint>

class Duration {
public:
  constexpr Duration() : hi_(0), lo_(0) {}
  friend constexpr Duration MakeDuration(int64_t hi, uint32_t lo);

private:
  constexpr Duration(int64_t hi, uint32_t lo) : hi_(hi), lo_(lo) {}
  int64_t hi_;
  uint32_t lo_;
};

constexpr Duration MakeDuration(int64_t hi, uint32_t lo) { return Duration(hi, lo); }
