// The runner's command line: options, profiles, and every check on their
// values, made before anything runs.
#pragma once

#include <string>

#include "steady/results.h"

namespace steady {

struct Cli {
  RunConfig cfg;
  std::string fork_spec;         // hidden: INDEX,NUMBER,FD in a fork
  std::string timer_spec;        // hidden: the parent's timer calibration (TimerInfo JSON) or TSC frequency,source
  std::string callgrind_out;     // hidden: in a fork under callgrind, where its dumps go
  std::string callgrind_profile; // --callgrind-profile: the last measured iteration's per-function dump
  std::string layout_spec;       // hidden: in a fork under --layout=random, its layout
  // hidden: the batch size an earlier fork of the benchmark decided (runtime/src/batch_handoff.h),
  // in a fork from its runner, or in a runner of one benchmark from steady ab
  std::uint64_t handed_batch = 0;
  // hidden: with --layout=random, a runner of one fork from steady ab or
  // steady slurm draws its layout as fork N of a run on --seed, so that the
  // run's forks keep their shuffled blocks of code offsets (0: its own forks)
  int layout_draw = 0;
  bool valgrind_probe = false;   // hidden: ValgrindSession's probe
  bool list_reach = false;       // the plugin's reach records (steady select)
  bool valgrind_checked = false; // hidden: valgrind ran this program before (steady ab)
  bool print_config = false;     // hidden: print the resolved configuration (steady slurm)
  bool counters_given = false;
};

// Parses the command line into `cli`, applies --profile/--quick and checks
// every value. Returns -1 to go on, else the exit status: 0 after --help or
// --version, 2 after one line on stderr naming the option and the problem.
int parse_command_line(int argc, char **argv, Cli &cli);

} // namespace steady
