// The run configuration: JMH's static configuration <wi, mi, f, wf, wt, mt>
// plus selection and output. Set from the command line (see --help).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace steady {

enum class Mode {
  AverageTime, // calibrated batches, time per operation (default)
  Sample,      // the same, reported as the distribution of batch samples
  SingleShot,  // one invocation per iteration: cold start
};

struct RunConfig {
  int warmup_iterations = 3;  // wi
  int iterations = 5;         // mi
  int forks = 3;              // f
  int warmup_forks = 0;       // wf
  double warmup_time = 0.05;  // wt, seconds per warmup iteration
  double iteration_time = 0.05; // mt, seconds per measurement iteration
  Mode mode = Mode::AverageTime;
  std::string filter = ".*";
  std::vector<std::string> counters;
  std::string json, csv;
  std::uint64_t seed = 0;     // shuffles nothing yet; recorded for analyses that resample
  double timeout = 120;       // seconds per fork before it is killed
  bool no_fork = false;
  bool verbose = false;
  bool list = false;
};

const char *to_string(Mode m);

} // namespace steady
