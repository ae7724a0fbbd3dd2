// SVG plot of one fork's steady-state analysis (steady analyze --plot), written
// by hand: a scatter of the series, outliers marked, the segments as
// horizontal lines at their means, the last-K window the verdict is about and
// the steady-state start.
#pragma once

#include <string>
#include <vector>

#include "steady/steady_state.h"

namespace steady::driver {

struct ForkPlot {
  std::string title;          // first line: benchmark and fork
  std::string verdict;        // second line: the verdict in words
  std::vector<double> values; // ns/op per iteration
  const stats::ForkSteadyState *analysis = nullptr;
  std::size_t warmup_iterations = 0; // what the run used (a thin marker)
  double tolerance = 0.05;           // segments this close to the final one count as similar
};

std::string fork_svg(const ForkPlot &plot);

} // namespace steady::driver
