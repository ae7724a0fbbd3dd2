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
  // Dynamic reconfiguration (--stop): warmup stops between min_warmup and
  // max_warmup iterations, forks between min_forks and max_forks, once the
  // criterion is stable; `iterations` measurement iterations per fork.
  std::string stop = "none";      // cv | rciw | kld | rciw+kld | none
  double threshold = 0;           // 0: the criterion's default (cv 0.01, rciw 0.03, kld 0.99)
  int min_warmup = 5, max_warmup = 50, min_forks = 2, max_forks = 5, window = 5;
  bool no_fork = false;
  bool verbose = false;
  bool list = false;
};

const char *to_string(Mode m);

} // namespace steady
