// The runner judges each fork's warmup (issue 31): the fork reports a warmup
// iteration, the runner runs the checkpoint (WarmupStop) on another CPU and
// writes its verdict into memory both share, and the fork waits for it in a
// pause loop.
//
// Why: run in the fork, between 0.5 ms warmup iterations on the measuring
// core, the checkpoints (rciw's bootstraps, ~0.25 ms each) left the payload
// slower: on abseil's FixedArray rows the warmup read 5-8 % above the
// measured iterations and the first measured iteration above the others
// (measured/warmup ns/op 0.94; the same warmup without checkpoints 1.00),
// which made `steady analyze` and the report call most forks "not steady".
// A pause loop leaves the core as the payload left it. The runner, woken by
// the fork's report, is often scheduled on the fork's CPU, so it moves off it
// (measured/warmup 0.99 then), from the fork's first message on.
//
// The fork spins only while the runner can be elsewhere: a runner that must
// share the fork's CPU (pinned to it, one CPU) could only judge once the
// spinning fork is descheduled, so the fork sleeps on `judged` (a futex) then;
// and a verdict later than kSpinLimit (the runner waiting for a CPU, or the
// fork moved to the runner's) is awaited asleep too.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <sched.h>

#include "measure.h"
#include "steady/stopping.h"

namespace steady {

struct WarmupVerdicts {
  std::atomic<std::uint32_t> judged; // warmup iterations judged so far (a futex: the runner wakes the fork)
  std::atomic<std::uint32_t> stable; // the verdict on the latest
  std::atomic<std::int32_t> cpu;     // the CPU the fork measured its latest iteration on (-1: unknown)
  std::atomic<std::uint32_t> apart;  // 1: the runner can judge on another CPU than the fork's
};
static_assert(std::atomic<std::uint32_t>::is_always_lock_free && std::atomic<std::int32_t>::is_always_lock_free &&
                  sizeof(std::atomic<std::uint32_t>) == sizeof(std::uint32_t),
              "shared between processes, and a futex word");

// How long the fork spins for a verdict before it sleeps: a checkpoint takes
// ~0.25 ms in the runner.
inline constexpr std::chrono::microseconds kSpinLimit{2000};

// The runner's page: a memfd (`fd`, passed to the fork) mapped here.
struct VerdictPage {
  int fd = -1;
  WarmupVerdicts *verdicts = nullptr;

  bool create(); // false: no page (the fork then judges its warmup itself)
  void close_fd();
  ~VerdictPage();
};

// Maps the page of `fd` (the fork's side); null when it cannot.
WarmupVerdicts *map_verdicts(int fd);

// The runner's side: the fork's WarmupStop, fed each warmup iteration as it
// arrives; while it may run on another CPU than the fork's, it does.
class RunnerJudge {
public:
  RunnerJudge(const StopPolicy &p, int min_warmup, WarmupVerdicts *shared);
  ~RunnerJudge(); // restores this thread's CPU affinity
  RunnerJudge(const RunnerJudge &) = delete;
  RunnerJudge &operator=(const RunnerJudge &) = delete;

  void judge(const Iteration &it);
  // Leaves the CPU the fork last said it runs on, when this thread may run
  // elsewhere (on each message from the fork, so that the runner is off it
  // before the first warmup iteration).
  void keep_off();
  std::vector<std::pair<std::string, double>> last() const { return stop_.last(); }

private:
  WarmupStop stop_;
  WarmupVerdicts *shared_;
  cpu_set_t allowed_;
  bool allowed_ok_ = false;
  int avoided_ = -1;
};

// The fork's side: a judge that waits for the runner's verdict on each
// iteration (already reported), in a pause loop while the runner is apart and
// for at most kSpinLimit, asleep otherwise; its criterion values are
// the runner's (empty here).
WarmupJudge await_verdicts(WarmupVerdicts *shared);

// The runner's side: the verdict on the next iteration, for the fork (woken
// if it sleeps).
void publish_verdict(WarmupVerdicts *shared, bool stable);

// The fork's side: records the CPU it runs on, for the runner to leave.
void tell_cpu(WarmupVerdicts *shared);

} // namespace steady
