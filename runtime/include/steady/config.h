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
  int warmup_iterations = 5;  // wi (static configuration)
  int iterations = 10;        // mi
  int forks = 3;              // f (static configuration)
  int warmup_forks = 0;       // wf
  double warmup_time = 0.05;  // wt, seconds per warmup iteration
  double iteration_time = 0.05; // mt, seconds per measurement iteration
  Mode mode = Mode::AverageTime;
  std::string filter = ".*";
  std::vector<std::string> counters;
  // No --counters given: cycles and instructions are counted when the PMU
  // allows it, and dropped without a note when it does not.
  bool counters_auto = false;
  std::string json, csv;
  std::uint64_t seed = 0;     // shuffles nothing yet; recorded for analyses that resample
  double timeout = 120;       // seconds per fork before it is killed
  // Dynamic reconfiguration (--stop): warmup stops between min_warmup and
  // max_warmup iterations, forks between min_forks and max_forks, once the
  // criterion is stable; `iterations` measurement iterations per fork.
  // The default, as in Laaber et al.'s evaluation: <5, 50, 10, 2, 5, 0, wt, mt>.
  std::string stop = "rciw";      // cv | rciw | kld | rciw+kld | none
  double threshold = 0;           // 0: the criterion's default (cv 0.01, rciw 0.03, kld 0.99)
  int min_warmup = 5, max_warmup = 50, min_forks = 2, max_forks = 5, window = 5;
  // Compute the criterion at every checkpoint but never stop: runs max_warmup
  // and max_forks, to measure the criterion's cost (scripts/bench-criteria).
  bool stop_observe = false;
  bool no_fork = false;
  bool verbose = false;
  bool list = false;
  std::string profile; // --profile given ("" for none), recorded in the results
};

const char *to_string(Mode m);

} // namespace steady
