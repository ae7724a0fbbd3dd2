// The comparison of two versions' measurements, shared by `steady compare`
// (two result files) and `steady ab` (two binaries run interleaved): loading
// result files, the per-benchmark statistics and verdict, and the outputs.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "steady/stats.h"

namespace steady::driver {

struct CompareOptions {
  double alpha = 0.01, equivalence = 0.01, fail_on_slowdown = -1; // fractions; < 0: no gate
  int resamples = 10000;
  std::string json_out, markdown_out;
};

// One benchmark's measurement forks (failed and warmup forks left out).
struct Series {
  std::vector<stats::Fork> forks; // ns/op batch samples
  std::vector<double> iteration_means;
  std::vector<std::vector<double>> fork_means; // iteration_means, fork by fork
  std::vector<int> fork_rounds;                // steady ab's round of each fork; -1: not from ab
  int iterations_per_fork = 1;
  // The runner flagged it: indistinguishable from the empty loop, so a
  // ratio of two such numbers means nothing.
  bool measures_nothing = false;
};

// The given forks, each cut to its first `iterations` iterations.
Series pick(const Series &s, const std::vector<std::size_t> &forks, int iterations);

// `forks` forks drawn without replacement, each cut to its first
// `iterations` iterations (Peass §III-A: "randomly sample v VMs and select the
// first i iterations").
template <class Rng> Series subsample(const Series &s, int forks, int iterations, Rng &rng);

// "2%" -> 0.02, "0.02" -> 0.02; throws std::invalid_argument.
double parse_fraction(const std::string &s);

// Steady results (schema steady-results/1) or Google Benchmark JSON, by
// benchmark name; `what` names the source in errors. Throws
// std::runtime_error naming it.
std::map<std::string, Series> load_series(const nlohmann::json &doc, const std::string &what);
std::map<std::string, Series> load_series(const std::string &path);

struct Row {
  std::string name, verdict, note; // verdict: slower / faster / same / can't tell yet / measures nothing
  double ratio = 0, low = 0, high = 0, welch_p = 0, mwu_p = 0, d = 0, delta = 0;
  bool overlap = false;
  std::optional<std::pair<int, int>> forks; // forks used per version, when the table shows them
  bool decided() const { return verdict != "can't tell yet"; }
};

Row compare_series(const std::string &name, const Series &base, const Series &next, const CompareOptions &o);

// Prints the table, writes --json/--markdown and reports slowdowns beyond the
// gate on stderr (prefixed by `tool`); returns true when the gate trips.
bool report(const std::vector<Row> &rows, const CompareOptions &o, const std::string &tool,
            const nlohmann::json &header);

} // namespace steady::driver
