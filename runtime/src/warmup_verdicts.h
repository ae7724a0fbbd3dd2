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
// (measured/warmup 0.99 then).
#pragma once

#include <atomic>
#include <cstdint>
#include <sched.h>

#include "measure.h"
#include "steady/stopping.h"

namespace steady {

struct WarmupVerdicts {
  std::atomic<std::uint32_t> judged; // warmup iterations judged so far
  std::atomic<std::uint32_t> stable; // the verdict on the latest
  std::atomic<std::int32_t> cpu;     // the CPU the fork measured its latest iteration on (-1: unknown)
};
static_assert(std::atomic<std::uint32_t>::is_always_lock_free && std::atomic<std::int32_t>::is_always_lock_free,
              "shared between processes");

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
  std::vector<std::pair<std::string, double>> last() const { return stop_.last(); }

private:
  void avoid(int cpu);

  WarmupStop stop_;
  WarmupVerdicts *shared_;
  cpu_set_t allowed_;
  bool allowed_ok_ = false;
  int avoided_ = -1;
};

// The fork's side: a judge that waits for the runner's verdict on each
// iteration (already reported), in a pause loop; its criterion values are the
// runner's (empty here).
WarmupJudge await_verdicts(WarmupVerdicts *shared);

} // namespace steady
