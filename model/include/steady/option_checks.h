// Number options the tool's commands check alike, before any work: NaN,
// infinities and values outside the range are refused with the bound in
// words (CLI11's own range checks let NaN through and print DBL_MAX's 309
// digits). Header-only: the model does not link CLI11, its users do.
#pragma once

#include <cmath>
#include <string>

#include <CLI/CLI.hpp>

namespace steady::options {

// A finite number above 0 (`positive`) or from 0, of `unit` if given ("seconds").
inline CLI::Validator finite(bool positive, std::string unit = "") {
  return CLI::Validator(
      [positive, unit](std::string &s) {
        double v = 0;
        if (!CLI::detail::lexical_cast(s, v) || !std::isfinite(v) || (positive ? v <= 0 : v < 0))
          return std::string(positive ? "must be a positive finite number" : "must be a finite number >= 0") +
                 (unit.empty() ? "" : " of " + unit) + ", not " + s;
        return std::string();
      },
      positive ? "NUMBER>0" : "NUMBER>=0");
}

// A probability strictly between 0 and 1 (a significance level).
inline CLI::Validator probability() {
  return CLI::Validator(
      [](std::string &s) {
        double v = 0;
        if (!CLI::detail::lexical_cast(s, v) || !(v > 0 && v < 1))
          return "must be a number between 0 and 1 (exclusive), not " + s;
        return std::string();
      },
      "0<NUMBER<1");
}

// A whole number of at least `min`.
inline CLI::Validator count_at_least(long long min) {
  return CLI::Validator(
      [min](std::string &s) {
        long long v = 0;
        if (!CLI::detail::lexical_cast(s, v) || v < min)
          return "must be a whole number >= " + std::to_string(min) + ", not " + s;
        return std::string();
      },
      "INT>=" + std::to_string(min));
}

} // namespace steady::options
