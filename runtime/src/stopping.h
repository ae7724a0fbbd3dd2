// Dynamic reconfiguration (Laaber et al., Algorithm 1; SPEC §3.5): stop the
// warmup of a fork once its measurements are stable, and stop adding forks
// once the benchmark's measurements are.
//
// At every checkpoint the criterion is computed over the union of all
// measurements so far (Eq. 1, 2) from the weighted batch samples:
//   cv    weighted coefficient of variation
//   rciw  relative width of the 99 % hierarchical-bootstrap CI of the mean
//   kld   He et al.'s probability that the distribution without the newest
//         iteration (fork) equals the one with it
// stable_var (cv, rciw): max - min of the last `window` values <= threshold;
// stable_prob (kld): their mean > threshold. "rciw+kld" needs both.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "steady/stats.h"

namespace steady {

struct StopPolicy {
  bool cv = false, rciw = false, kld = false; // none set: static configuration
  double cv_threshold = 0.01, rciw_threshold = 0.03, kld_threshold = 0.99;
  int window = 5;
  int resamples = 1000;
  std::uint64_t seed = 0;

  bool dynamic() const { return cv || rciw || kld; }
  std::string name() const; // "rciw", "rciw+kld", "none"
  static bool parse(const std::string &spec, StopPolicy &out);
};

// The stability values of successive checkpoints and the decision.
class Stability {
public:
  explicit Stability(const StopPolicy &p) : policy_(p) {}

  // A checkpoint over everything so far; the newest unit is the last
  // iteration of the last fork (warmup) or the last fork (by_forks).
  void checkpoint(const std::vector<stats::Fork> &data, bool by_forks);
  // Needs at least `min_values` checkpoints (a full window for warmup).
  bool stable(std::size_t min_values) const;
  // The latest value of each active criterion, for reports: {"rciw": 0.012, ...}.
  std::vector<std::pair<std::string, double>> last() const;

private:
  const StopPolicy &policy_;
  std::vector<double> cv_, rciw_, kld_;
  std::uint64_t checkpoints_ = 0;
};

} // namespace steady
