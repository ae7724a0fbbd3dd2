// One benchmark's fork loop, decided in one place: how many more forks to
// start, and why the forks stopped. The runner asks it before every fork,
// steady slurm before every wave (replaying the forks merged so far), and
// steady evaluate on a recording, so that all three stop alike and say so in
// the same words. ForkStop (stats/) answers Algorithm 1's question after each
// measured fork; this adds what a run has around it: warmup forks, failed
// forks, the minimum and maximum, the budget, and the reason text.
//
// A further stop rule is one more member consulted in `add_measured()` and
// named in `stop()`; the loops that call this do not change. Two are:
// ForkStop (Laaber et al.'s cv, rciw, kld) and PrecisionStop (the default:
// the printed interval's half-width, --precision).
#pragma once

#include <string>
#include <vector>

#include "steady/results.h"
#include "steady/stopping.h"

namespace steady {

// Seconds after which a benchmark starts no further fork: --benchmark-budget;
// without it and without --budget, --stop=precision's kPrecisionBudget at the
// default ±2 %, times 0.02 / --precision for another target (a busy machine
// would otherwise spend up to --max-forks forks on every benchmark, about 3x
// the former default's time at a load average of 15; halving the target needs
// 4x the forks, and gets 2x the time: scripts/bench-precision); 0: none.
// Under --layout=random, times kLayoutOffsets: the stop then judges the layout
// interval (layout_precision), which takes at least as many forks per offset
// as a pinned run needs in all.
inline constexpr double kPrecisionBudget = 1.0;
double benchmark_budget(const RunConfig &cfg);

// The code offsets --layout=random runs a measured loop at: the copies the
// plugin emits by default (pass/Layout.cpp, -steady-layout-variants). The
// runner's default --max-forks and the default budget scale by it in that mode.
inline constexpr int kLayoutOffsets = 4;
// The runner's --max-forks when not given: `max_forks` (the default's or a
// profile's), times kLayoutOffsets under --layout=random with --stop=precision
// (runtime/src/cli.cpp sets it, runner_args() leaves it out).
int default_max_forks(const RunConfig &cfg, int max_forks);

class ForkLoop {
public:
  // The bounds of `cfg`: forks (static), min_forks, max_forks, warmup_forks,
  // stop_observe, max_warmup, and its stop policy (stop_policy(cfg)).
  explicit ForkLoop(const RunConfig &cfg);

  // Forks to start now: 0 once the loop is done. The runner starts one and
  // asks again; steady slurm submits this many as its next wave.
  int wanted() const;
  // A fork ended, in fork order (warmup forks and failed ones too). A fork
  // that is to be measured again (steady slurm: an incomplete file from an
  // earlier invocation) is not an attempt: `attempt` false.
  void add(const ForkResult &f, bool attempt = true);
  // A fork that measured, as its stop_samples() (steady evaluate replays
  // recordings as these), and its code offset under --layout=random
  // (ForkLayout::code; -1: none recorded).
  void add_measured(stats::ForkSamples samples, bool attempt = true, int code = -1);
  // The budget ran out before the next fork: the loop stops, unless no
  // measurement fork has started yet (one always runs). Whether it stopped.
  bool out_of_budget();

  // The stop as the results record it: criterion, stable, reason, the
  // criterion's last values. While forks are still wanted, the reason says
  // how many measured so far.
  StopResult stop() const;
  int measured_forks() const { return measured_; }

private:
  enum class Ended { no, stable, budget };

  StopPolicy policy_;
  ForkStop fork_stop_;      // Laaber et al.'s criteria (--stop=cv, rciw, kld)
  PrecisionStop precision_; // the default (--stop=precision)
  int forks_, min_forks_, max_forks_, warmup_forks_, max_warmup_;
  bool observe_;
  int warmups_started_ = 0, attempts_ = 0, measured_ = 0;
  Ended ended_ = Ended::no;
  // The measured forks' means, by whether their warmup settled (add()), and
  // the numbers of those whose warmup reached max_warmup unsettled.
  std::vector<double> settled_means_, unsettled_means_;
  std::vector<int> unsettled_;
  // The precision stop's reason under --layout=random (forks at `offsets`
  // code offsets); sets s.half_width when no offset ran twice.
  std::string layout_words(StopResult &s, int offsets) const;
  // What the stop says of forks whose warmup did not settle (stats::unsettled_forks).
  void word_unsettled(StopResult &s) const;
};

} // namespace steady
