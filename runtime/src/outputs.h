// What the runner writes and prints besides the result file (the results
// model and its JSON: model/), and the machine it ran on.
#pragma once

#include <string>

#include "steady/results.h"

namespace steady {

Machine describe_machine();
MachineLoad read_machine_load();
// One row per iteration; written atomically.
void write_csv(const RunResult &run, const std::string &path);
// The final table, one line per benchmark.
void print_table(const RunResult &run);
// One line when a notable share of batches was preempted, and a warning when
// iterations found no clean batch (stderr).
void print_machine_busy(const RunResult &run);

} // namespace steady
