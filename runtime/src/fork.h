// Forks are fresh processes: the benchmark binary runs itself again with a
// hidden --steady-fork=INDEX,NUMBER,FD option and the same configuration, and
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
#include <string>
#include <vector>

#include "counters.h"
#include "steady/results.h"

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
// the environment as STEADY_FORK) and reports on `fd`; under callgrind when
// `callgrind_out` (where its dumps go) is given; in the layout `layout`
// (layout_spec: runtime/src/layout.h) when given.
int serve_fork(std::size_t bench_index, int number, int fd, const RunConfig &cfg, const TimerInfo &timer,
               const std::string &callgrind_out = "", const std::string &callgrind_profile = "",
               const std::string &layout = "");

} // namespace steady
