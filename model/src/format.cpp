#include "steady/format.h"

#include <utility>

#include <fmt/format.h>

namespace steady {

std::string fixed(double v) {
  if (v == 0) // a CI's lower end at 0, a count of none
    return "0";
  if (v >= 1e6)
    return fmt::format("{:.0f}", v);
  if (v >= 100)
    return fmt::format("{:.1f}", v);
  if (v >= 1)
    return fmt::format("{:.3f}", v);
  return fmt::format("{:.4f}", v);
}

std::string scaled_time(double ns) {
  static constexpr std::pair<double, const char *> units[] = {{1e9, "s"}, {1e6, "ms"}, {1e3, "µs"}, {1, "ns"}};
  for (const auto &[scale, unit] : units)
    if (ns >= scale || scale == 1)
      return fixed(ns / scale) + " " + unit;
  return "";
}

} // namespace steady
