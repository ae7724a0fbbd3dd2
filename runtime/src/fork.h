// Forks are fresh processes: the benchmark binary runs itself again with a
// hidden --steady-fork=INDEX,NUMBER,FD[,VERDICT_FD] option and the same configuration, and
// reports over the pipe on FD, one JSON object per line, in this order:
// {"t":"timer"} (its calibration), {"t":"counters"} (the events opened and
// those unavailable), {"t":"preemption"} (the probe's mechanism),
// {"t":"batch_size"}, {"t":"iteration"} (each as soon as it is measured),
// {"t":"warmup"} (whether it became stable, the first invocation),
// {"t":"error"} (an exception escaped the payload), {"t":"done"}; and
// {"t":"payload_child"} from a child the payload made with fork() that came
// back to report (it ends there; the fork fails)
// (runtime/src/fork.cpp: handle). Whatever arrived before a crash, a kill at
// the timeout or an interrupt is kept.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "counters.h"
#include "steady/results.h"
#include "steady/stopping.h"

namespace steady {

struct ForkRequest {
  std::size_t bench_index;
  int number;
  bool warmup;
  std::vector<std::string> args; // the configuration, as command-line options
  double timeout_seconds;
  // A command the fork runs under (valgrind and its options), or none.
  std::vector<std::string> wrapper = {};
  // --layout=random: the fork's layout (layout_spec), or none.
  std::string layout = {};
  // With --stop: the fork's warmup policy and minimum. Its checkpoints then
  // run here, in the runner, on each warmup iteration the fork reports, and
  // the fork waits for each verdict on shared memory (in a pause loop while
  // the runner is on another CPU; runtime/src/warmup_verdicts.h): run on
  // the measuring core between 0.5 ms iterations, the checkpoints (rciw's
  // bootstraps, ~0.25 ms) left the payload 5-8 % slower in the warmup and in
  // the first measured iteration than in the others (abseil's FixedArray
  // rows), which made `steady analyze` call most forks "not steady".
  std::optional<StopPolicy> warmup_stop = {};
  int min_warmup = 1;
  // The batch size an earlier fork of the benchmark decided (batch_handoff.h), or 0.
  std::uint64_t batch_size = 0;
};

// Runs one fork in a new process and collects its results. `interrupted`
// stops it early (its data so far is kept, status interrupted).
ForkResult run_fork_process(const ForkRequest &req, const std::atomic<bool> &interrupted,
                            const std::function<void(const Iteration &)> &progress,
                            std::vector<std::string> *counter_names,
                            std::vector<Counters::Unavailable> *counters_unavailable);

// Why a fork failed whose payload called fork() and whose child (`pid`) came
// back to the benchmark loop (it is ended there, unrecorded).
std::string payload_child_error(long pid);

// The child side: measures benchmark `bench_index` as fork `number` (also in
// the environment as STEADY_FORK) and reports on `fd`; reads the runner's
// warmup verdicts from `verdict_fd` (shared memory; -1: judges its warmup
// itself); under callgrind when `callgrind_out` (where its dumps go) is given;
// in the layout `layout` (layout_spec: runtime/src/layout.h) when given;
// with the batch size `handed_batch` an earlier fork decided when not 0.
int serve_fork(std::size_t bench_index, int number, int fd, int verdict_fd, const RunConfig &cfg,
               const TimerInfo &timer, const std::string &callgrind_out = "", const std::string &callgrind_profile = "",
               const std::string &layout = "", std::uint64_t handed_batch = 0);

} // namespace steady
