// A steady slurm run in its shared directory (slurm.cpp): the plan, the
// waves, and the step that merges the fork files, decides with Algorithm 1
// which benchmarks need more forks and submits them.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "slurm.h"
#include "steady/results.h"

namespace steady::driver {

// A fork that did not end well: a task Slurm reports as failed, timed out,
// preempted or cancelled, or a fork the runner reports as failed.
struct SlurmFault {
  std::string bench;
  int fork = 0;
  std::string what;
  bool measured = false; // its result file exists (what it measured is merged)
};

struct Submitted {
  int wave = 0;
  long array_job = 0, step_job = 0;
  int tasks = 0;
};

struct StepOutcome {
  RunResult merged;
  std::vector<SlurmFault> faults;
  int pending = 0; // forks still needed
  bool partial = false, cancelled = false;
  std::optional<Submitted> submitted;
};

// What `steady slurm` was asked to run.
struct SlurmRequest {
  std::string binary;
  std::vector<std::string> args; // runner options
  SlurmPlace place;
  std::string dir;
};

class SlurmRun {
public:
  explicit SlurmRun(const std::string &dir);
  ~SlurmRun();
  // Asks the binary for its configuration and benchmarks and writes the plan,
  // or checks it against the plan already in the directory (a resume);
  // returns the line to print and exit 2 with when it cannot.
  std::optional<std::string> prepare(const SlurmRequest &r);
  // Starts an invocation: this command's failed forks are tried again.
  void begin_invocation();
  void load();
  // Reads the state again: whether a step found nothing left to do, and the
  // waves submitted so far.
  bool done(int &waves);
  // Merges, decides and (with `submit`) submits the next wave and its step.
  StepOutcome step(bool submit);

  const std::string &dir() const;
  std::string job_name() const;
  std::string merged_path() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

} // namespace steady::driver
