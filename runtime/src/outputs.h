// What the runner writes and prints besides the result file (the results
// model and its JSON: model/), and the machine it ran on.
#pragma once

#include <string>

#include "steady/results.h"

namespace steady {

Machine describe_machine();
// One row per iteration; written atomically.
void write_csv(const RunResult &run, const std::string &path);
// The final table, one line per benchmark.
void print_table(const RunResult &run);

} // namespace steady
