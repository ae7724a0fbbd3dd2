// Measuring the root cause of one benchmark's difference between two builds
// (cause_command.cpp runs it, cause.h decides): `steady cause` for every
// benchmark, `steady ab --cause` for those it finds slower or faster.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace steady::driver {

struct CauseSetup {
  std::string bin[2];
  double iteration_time = 0.05; // the measured iteration under callgrind (twice that with time)
  double timeout = 600;
  std::string dir;   // where the runs' files go (an existing directory)
  int top = 10;      // functions listed
  bool time = false; // perf's cpu-clock samples instead of callgrind's counts
  // With time: seconds of sampling rounds after which no new one starts
  // (sampling stops earlier when the cause is resolved; cause.h time_step).
  double budget = 60;
  // The difference the cause is to explain: > 0 B slower, < 0 faster, 0:
  // as the sampling runs' own median iterations say (steady ab passes its
  // verdict's: a 1 % difference can look reversed in a few forks).
  double direction = 0;
};

struct MeasuredCause {
  // As steady cause prints them: the headline ("14.00 -> 17.00 instructions/op
  // (+3.00), under callgrind"), then a line per function and the disagreements
  // with the changed functions.
  std::vector<std::string> lines;
  nlohmann::json json; // steady-cause/1's entry for the benchmark
  std::string problem; // why there is none: "A (bin): name: what went wrong"
};

// Runs benchmark `name` of both binaries under callgrind (or perf) and diffs
// the functions. `changed`: steady select's changed functions of its payload
// (null: the binaries have no reach records, nothing is compared).
// `calls`: the new build's calls before inlining (changed_by_payload), to
// name a changed function inlined into the one callgrind lists; may be null.
MeasuredCause measure_cause(const CauseSetup &setup, const std::string &name, const std::set<std::string> *changed,
                            const std::map<std::string, std::set<std::string>> *calls = nullptr);

// The same from two callgrind profiles already measured (steady ab --cause
// keeps each side's last fork's): `ops` and `per_op` of the iteration each
// covers. Runs nothing.
MeasuredCause cause_from_profiles(const std::string &name, const std::string profile[2], const double ops[2],
                                  const double per_op[2], const std::set<std::string> *changed,
                                  const std::map<std::string, std::set<std::string>> *calls, int top = 10);

// A benchmark's changed functions in changed_by_payload's map (its payload
// is the name up to its parameters, or the whole name: a test's
// Inst/Suite.Test/0 is one); empty when it has none.
std::set<std::string> changed_for(const std::map<std::string, std::set<std::string>> &by_payload,
                                  const std::string &name);

// Whether perf can sample here, before anything runs: "" or why not.
std::string perf_unavailable(const std::string &dir);

} // namespace steady::driver
