#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "steady/results.h"

namespace steady {

std::string machine_difference(const Machine &a, double a_ticks_per_ns, const Machine &b, double b_ticks_per_ns) {
  std::vector<std::string> parts;
  auto text = [&](const char *what, const std::string &x, const std::string &y) {
    if (!x.empty() && !y.empty() && x != y)
      parts.push_back(fmt::format("{} '{}' vs '{}'", what, x, y));
  };
  text("cpu", a.cpu, b.cpu);
  if (a.cores > 0 && b.cores > 0 && a.cores != b.cores)
    parts.push_back(fmt::format("{} vs {} cores", a.cores, b.cores));
  // The TSC's rate tells two hosts apart whose CPUs share a name (cloud VMs
  // say "Intel Xeon Processor"); calibrations of one TSC agree far closer.
  if (a_ticks_per_ns > 0 && b_ticks_per_ns > 0 && std::abs(a_ticks_per_ns / b_ticks_per_ns - 1) > 0.005)
    parts.push_back(fmt::format("TSC {:.3f} vs {:.3f} GHz", a_ticks_per_ns, b_ticks_per_ns));
  text("governor", a.governor, b.governor);
  text("kernel", a.kernel, b.kernel);
  text("host", a.hostname, b.hostname);
  return fmt::format("{}", fmt::join(parts, "; "));
}

} // namespace steady
