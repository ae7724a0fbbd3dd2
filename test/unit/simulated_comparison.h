// What the comparison's simulations share (verdict_calibration_test,
// machine_states_test): a fork drawn as its iteration means, the fork groups
// series_of would flag, and the binomial band a rate is checked against.
#pragma once

#include <algorithm>
#include <vector>

#include <boost/math/distributions/binomial.hpp>
#include <boost/random/normal_distribution.hpp>

#include "steady/comparison.h"
#include "steady/fork_groups.h"
#include "steady/stats.h"

namespace steady::test {

// A fork of mean `fm` in steady ab's round `round`: 10 iterations, each
// mean drawn at once (0.55 % sd: 0.5 % and 1 % / sqrt(20) of its batches),
// one sample.
inline void add_iteration_means(stats::Series &s, double fm, int round, stats::Rng &rng,
                                boost::random::normal_distribution<double> &normal) {
  stats::ForkSamples fork;
  std::vector<double> means;
  for (int i = 0; i < 10; ++i) {
    means.push_back(fm * (1 + 0.0055 * normal(rng)));
    fork.push_back({{means.back(), 1000}});
  }
  s.iteration_means.insert(s.iteration_means.end(), means.begin(), means.end());
  s.forks.push_back(std::move(fork));
  s.fork_means.push_back(std::move(means));
  s.fork_rounds.push_back(round);
  s.iterations_per_fork = 10;
}

// The fork groups of a simulated series, as series_of flags them from a
// result file: stats::fork_groups over its fork means with their
// within-fork standard errors, and the forks outside the largest.
inline void flag_groups(stats::Series &s) {
  std::vector<stats::ForkMean> means;
  for (const std::vector<double> &m : s.fork_means)
    means.push_back(stats::fork_mean_and_se(m));
  const std::vector<std::vector<std::size_t>> groups = stats::fork_groups(means);
  std::size_t largest = 0;
  for (const std::vector<std::size_t> &g : groups)
    largest = std::max(largest, g.size());
  s.forks_disagree = groups.size() >= 2;
  s.forks_apart = s.forks_disagree ? means.size() - largest : 0;
  s.fork_outside.clear();
  if (s.forks_disagree) {
    s.fork_outside.assign(means.size(), true);
    for (std::size_t k :
         *std::find_if(groups.begin(), groups.end(), [&](const auto &g) { return g.size() == largest; }))
      s.fork_outside[k] = false;
  }
}

// The largest count of false positives in n runs that is still consistent
// with rate alpha (one-sided, 0.1 %: a check that must not flake).
inline int upper_band(int n, double alpha) {
  return int(boost::math::quantile(boost::math::complement(boost::math::binomial(n, alpha), 0.001)));
}

} // namespace steady::test
