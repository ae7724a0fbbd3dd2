// What the runner writes and prints besides the result file (the results
// model and its JSON: model/), and the machine it ran on.
#pragma once

#include <string>
#include <vector>

#include "steady/format.h"
#include "steady/results.h"

namespace steady {

Machine describe_machine();
MachineLoad read_machine_load();
// One row per iteration; written atomically.
void write_csv(const RunResult &run, const std::string &path);
// The table, one row per benchmark, printed as each finishes: the cells are
// decided here, rendered as aligned text or Markdown (runtime/src/console.cpp).
struct TableLayout {
  // `throughput`: a column for benchmarks that declare bytes or items per op;
  // `change`: a column comparing with a baseline.
  TableLayout(const RunResult &run, std::size_t longest_name, bool throughput, bool change);
  std::vector<std::string> header() const;
  std::vector<std::string> row(const RunResult &run, const BenchmarkResult &b, const std::string &change_cell) const;
  std::string text(const std::vector<std::string> &cells) const;

  std::size_t name_width;
  bool simulated; // --instrument=valgrind: simulated counts in place of times
  bool sample;
  std::vector<std::string> counters;
  bool ipc, throughput, change;
};
std::string markdown_table(const TableLayout &layout, const std::vector<std::vector<std::string>> &rows);
// "1.23 GB/s", "45.6 Mitems/s" from bytes or items per op and ns per op.
std::string throughput(double per_op, double ns_per_op, const char *unit);
// One line when a notable share of batches was preempted, and a warning when
// iterations found no clean batch (stderr).
void print_machine_busy(const RunResult &run);

} // namespace steady
