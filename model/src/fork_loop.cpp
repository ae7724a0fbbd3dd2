// One benchmark's fork loop (fork_loop.h): the bounds around Algorithm 1's
// fork stop, and the one wording of why the forks stopped.
#include "steady/fork_loop.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace steady {

double benchmark_budget(const RunConfig &cfg) {
  if (cfg.benchmark_budget > 0 || cfg.budget > 0)
    return cfg.benchmark_budget;
  const StopPolicy p = stop_policy(cfg);
  const double offsets = cfg.layout == "random" ? kLayoutOffsets : 1;
  return p.precision ? offsets * kPrecisionBudget * RunConfig{}.precision / p.precision_target : 0;
}

int default_max_forks(const RunConfig &cfg, int max_forks) {
  return cfg.layout == "random" && stop_policy(cfg).precision ? kLayoutOffsets * max_forks : max_forks;
}

ForkLoop::ForkLoop(const RunConfig &cfg)
    : policy_(stop_policy(cfg)), fork_stop_(policy_, cfg.min_forks),
      precision_(policy_.precision_target, cfg.min_forks), forks_(cfg.forks), min_forks_(cfg.min_forks),
      max_forks_(cfg.max_forks), warmup_forks_(cfg.warmup_forks), max_warmup_(cfg.max_warmup),
      observe_(cfg.stop_observe) {}

int ForkLoop::wanted() const {
  if (ended_ != Ended::no)
    return 0;
  const int warmups = std::max(0, warmup_forks_ - warmups_started_);
  if (!policy_.dynamic())
    return warmups + std::max(0, forks_ - attempts_);
  if (attempts_ >= max_forks_)
    return 0;
  // Every fork of the minimum failed: more forks would fail alike.
  if (measured_ == 0 && attempts_ >= min_forks_)
    return 0;
  return warmups + (measured_ < min_forks_ ? std::min(min_forks_ - measured_, max_forks_ - attempts_) : 1);
}

void ForkLoop::add(const ForkResult &f, bool attempt) {
  if (f.warmup) {
    ++warmups_started_;
    return;
  }
  if (!f.measured()) {
    attempts_ += attempt;
    return;
  }
  stats::ForkSamples samples = stop_samples(f);
  if (!samples.empty()) {
    (f.warmup_stable ? settled_means_ : unsettled_means_).push_back(stats::fork_mean(samples));
    if (!f.warmup_stable)
      unsettled_.push_back(f.number);
  }
  add_measured(std::move(samples), attempt, f.layout ? f.layout->code : -1);
}

void ForkLoop::add_measured(stats::ForkSamples samples, bool attempt, int code) {
  attempts_ += attempt;
  ++measured_;
  // Forks measured after the stop (steady slurm: a resumed run's extra
  // files) are summarized, not judged again.
  if (ended_ != Ended::no || !policy_.dynamic() || samples.empty())
    return;
  const bool stop = policy_.precision ? precision_.stop_after(stats::fork_mean(samples), code)
                                      : fork_stop_.stop_after(std::move(samples));
  if (stop && !observe_)
    ended_ = Ended::stable;
}

bool ForkLoop::out_of_budget() {
  if (attempts_ == 0 || ended_ != Ended::no)
    return false;
  ended_ = Ended::budget;
  return true;
}

StopResult ForkLoop::stop() const {
  StopResult s;
  s.criterion = policy_.name();
  const bool dynamic = policy_.dynamic();
  if (dynamic && !policy_.precision)
    s.last = fork_stop_.last();
  if (policy_.precision && measured_ >= 2 && (wanted() == 0 || ended_ == Ended::budget)) {
    // What the printed interval reached, and why the forks stopped there. A
    // budget spent before --min-forks is no optional stopping (the budget
    // does not look at the interval): within the target, the row stands.
    s.half_width = precision_.half_width();
    const bool short_of_minimum = ended_ == Ended::budget && measured_ < min_forks_;
    s.stable = ended_ == Ended::stable || (short_of_minimum && s.half_width <= policy_.precision_target);
    s.reason = fmt::format("±{:.1f} % after {} forks", 100 * s.half_width, precision_.forks());
    if (const int offsets = precision_.offsets(); offsets >= 2)
      s.reason = layout_words(s, offsets);
    if (short_of_minimum)
      s.reason += fmt::format(": budget spent before the minimum of {}", min_forks_);
    else if (ended_ == Ended::budget)
      s.reason += ": budget spent";
    else if (ended_ == Ended::no)
      s.reason += ": max forks reached";
  } else if (ended_ == Ended::budget) {
    s.stable = false;
    s.reason = fmt::format("budget spent after {} fork(s)", attempts_);
  } else if (!dynamic) {
    s.reason = "static configuration";
  } else if (ended_ == Ended::stable) {
    s.reason = fmt::format("stable after {} forks", fork_stop_.forks().size());
  } else if (wanted() > 0) {
    s.reason = fmt::format("{} forks so far", measured_);
  } else if (measured_ == 0) {
    s.reason = "no fork measured";
  } else {
    // Why it did not stabilise: what the criterion needed (its last values
    // follow in the table's note).
    std::vector<std::string> needed;
    if (policy_.cv)
      needed.push_back(fmt::format("cv settled within {}", policy_.cv_threshold));
    if (policy_.rciw)
      needed.push_back(fmt::format("rciw settled within {}", policy_.rciw_threshold));
    if (policy_.kld)
      needed.push_back(fmt::format("kld rose above {}", policy_.kld_threshold));
    if (policy_.precision) // only one fork measured: no interval over forks
      needed = {fmt::format("a second fork measured")};
    s.stable = false;
    s.reason = fmt::format("max forks ({}) reached before {}", max_forks_, fmt::join(needed, " and "));
  }
  s.stable &= measured_ > 0;
  if (!unsettled_.empty() && dynamic)
    word_unsettled(s);
  return s;
}

std::string ForkLoop::layout_words(StopResult &s, int offsets) const {
  const PrecisionStop::Layout l = precision_.layout();
  if (!std::isfinite(l.half_width)) { // stopped before any offset ran twice: the mean's, for the record
    s.half_width = precision_.mean_half_width();
    return fmt::format("no code offset measured twice after {} forks ({} offsets)", precision_.forks(), offsets);
  }
  if (l.agree)
    return fmt::format("±{:.1f} % after {} forks ({} code offsets agree)", 100 * l.half_width, precision_.forks(),
                       offsets);
  return fmt::format("±{:.1f} % at each of {} code offsets after {} forks", 100 * l.half_width, offsets,
                     precision_.forks());
}

void ForkLoop::word_unsettled(StopResult &s) const {
  const std::size_t forks = settled_means_.size() + unsettled_means_.size();
  const std::string which = unsettled_.size() <= 5 ? fmt::format("{} {}", unsettled_.size() == 1 ? "fork" : "forks",
                                                                 fmt::join(unsettled_, ","))
                                                   : fmt::format("{} of {} forks", unsettled_.size(), forks);
  const std::string unsettled =
      fmt::format("the warmup of {} did not settle within --max-warmup={}", which, max_warmup_);
  const bool one = unsettled_.size() == 1;
  const UnsettledForks u = unsettled_forks(settled_means_, unsettled_means_);
  if (!u.differ) {
    // Noisy warmups, not forks still warming up: the row holds.
    s.reason += fmt::format("; {} ({} with the other {} forks')", unsettled,
                            one ? "its mean agrees" : "their means agree", settled_means_.size());
    return;
  }
  const char *joint = s.stable ? ", but" : ", and";
  s.stable = false;
  if (!u.tested) // fewer than two settled forks: nothing to tell them by
    s.reason += fmt::format("{} {}", joint, unsettled);
  else
    s.reason += fmt::format("{} {} and {} from the other {} forks' by {:+.1f} %", joint, unsettled,
                            one ? "its mean differs" : "their means differ", settled_means_.size(), 100 * u.shift);
}

} // namespace steady
