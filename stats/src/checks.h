// Argument checks shared by the statistics sources.
#pragma once

#include <cmath>
#include <span>
#include <stdexcept>
#include <string>

namespace steady::stats::detail {

inline void check_finite(std::span<const double> x, const char *what) {
  for (double v : x)
    if (!std::isfinite(v))
      throw std::invalid_argument(std::string(what) + ": values must be finite");
}

} // namespace steady::stats::detail
