// Two separate runs compared benchmark by benchmark (a run against its
// baseline, `steady compare` of two result files): how far the machine moved
// between them, judged from the rows whose code is identical on both sides,
// as known null comparisons (genomic control, Devlin & Roeder 1999).
#pragma once

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "steady/comparison.h"

namespace steady {

// One benchmark of the two runs.
struct RunChange {
  std::string benchmark;
  // None: not judged (a baseline recorded on another machine).
  std::optional<stats::Verdict> verdict;
  std::optional<bool> identical_code; // both sides' fingerprints, when both have one
  // NEW/BASE as a log ratio and its standard error (NaN: unknown).
  double log_ratio = std::numeric_limits<double>::quiet_NaN(), log_se = std::numeric_limits<double>::quiet_NaN();
  double percent() const;    // 100 (NEW/BASE - 1)
  bool moved() const;        // called slower or faster
  bool measured() const;     // not "measures nothing"
  bool has_interval() const; // measured, with a finite log ratio and a standard error
  // Judged against the machine's move: a verdict, an interval, and both
  // fingerprints saying the code is not the base's.
  bool code_changed() const;
};

// The rows with identical code, measured, with a standard error: their median
// log ratio is the machine's move, and the median of their squared z about it
// over chi-square(1)'s median (at least 1) is how much more they spread than
// their forks predict.
struct MachineMove {
  int rows = 0;
  double log_ratio = 0, inflation = 1;
};
constexpr int kMachineMoveRows = 10; // fewer identical rows give no judgement
MachineMove machine_move(const std::vector<RunChange> &changes);

// A row's change beyond the machine's move in percent, when its z (the log
// ratio less the move, over its standard error times the inflation's root)
// rejects at alpha, two-sided; nothing otherwise or with too few rows.
std::optional<double> beyond_machine_move(const RunChange &c, const MachineMove &m, double alpha);

// The sentence under a table of two runs compared: how many rows called
// faster or slower ran identical code (their change is the machine's), how far
// the identical rows moved and, with kMachineMoveRows of them or more, which
// rows whose code changed differ beyond that move at 1 - alpha; and how to see
// a change of the code side by side. "" without a row of identical code (or
// none to say it about).
std::string machine_move_text(const std::vector<RunChange> &changes, double alpha);

} // namespace steady
