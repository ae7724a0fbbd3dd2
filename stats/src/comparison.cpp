#include "steady/comparison.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace steady::stats {

template <class Rng> Series subsample(const Series &s, int forks, int iterations, Rng &rng) {
  std::vector<std::size_t> order(s.forks.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  order.resize(std::min(order.size(), std::size_t(forks)));
  return pick(s, order, iterations);
}
template Series subsample(const Series &, int, int, std::mt19937_64 &);

Series pick(const Series &s, const std::vector<std::size_t> &order, int iterations) {
  Series out;
  for (std::size_t k : order) {
    std::size_t n = std::min(s.forks[k].size(), std::size_t(iterations));
    out.forks.emplace_back(s.forks[k].begin(), s.forks[k].begin() + long(n));
    out.fork_means.emplace_back(s.fork_means[k].begin(), s.fork_means[k].begin() + long(n));
    out.iteration_means.insert(out.iteration_means.end(), out.fork_means.back().begin(), out.fork_means.back().end());
    out.fork_rounds.push_back(s.fork_rounds[k]);
    out.iterations_per_fork = int(n);
  }
  return out;
}

namespace {

// The power relation on iteration means (the unit of the tests): the effect
// the current samples can detect, and the samples (in forks of this size)
// that would detect the equivalence margin.
std::optional<Power> power(const Series &a, const Series &b, const ComparisonOptions &o) {
  const auto &ma = a.iteration_means, &mb = b.iteration_means;
  if (ma.size() < 2 || mb.size() < 2)
    return std::nullopt;
  double sigma = std::sqrt((variance(ma) + variance(mb)) / 2), m = mean(ma);
  double n = double(std::min(ma.size(), mb.size()));
  double need = samples_needed(o.equivalence * m / sigma, o.alpha, 0.8);
  return Power{std::sqrt(samples_needed(1, o.alpha, 0.8) / n) * sigma / m,
               std::max(1, int(std::ceil((need - n) / double(std::max(1, b.iterations_per_fork)))))};
}

} // namespace

Comparison compare(const Series &a, const Series &b, const ComparisonOptions &o) {
  Comparison r;
  if (a.measures_nothing || b.measures_nothing) {
    r.verdict = Verdict::measures_nothing;
    r.base_measures_nothing = a.measures_nothing;
    r.next_measures_nothing = b.measures_nothing;
    r.ratio = {NAN, NAN, NAN};
    r.welch_p = r.mwu_p = r.cohens_d = r.cliffs_delta = NAN;
    return r;
  }
  r.ratio = bootstrap_ratio_clt(a.forks, b.forks, 1 - o.alpha, o.resamples, 1);
  Interval ca = bootstrap_mean_clt(a.forks, 1 - o.alpha, 2000, 2);
  Interval cb = bootstrap_mean_clt(b.forks, 1 - o.alpha, 2000, 3);
  r.overlap = ca.low <= cb.high && cb.low <= ca.high;
  bool tests = a.iteration_means.size() >= 2 && b.iteration_means.size() >= 2;
  r.welch_p = tests ? welch_t_test(a.iteration_means, b.iteration_means).p_value : NAN;
  r.mwu_p = tests ? mann_whitney_u(a.iteration_means, b.iteration_means).p_value : NAN;
  r.cohens_d = tests ? cohens_d(a.iteration_means, b.iteration_means) : NAN;
  r.cliffs_delta = stats::cliffs_delta(a.iteration_means, b.iteration_means);
  if (r.ratio.low > 1) {
    r.verdict = Verdict::slower;
  } else if (r.ratio.high < 1) {
    r.verdict = Verdict::faster;
  } else if (r.ratio.low >= 1 - o.equivalence && r.ratio.high <= 1 + o.equivalence) {
    r.verdict = Verdict::same;
  } else {
    r.verdict = Verdict::undecided;
    r.power = power(a, b, o);
  }
  return r;
}

std::vector<int> look_schedule(int min_forks, int max_forks) {
  std::vector<int> looks;
  for (int n = std::max(2, min_forks); n < max_forks; n *= 2)
    looks.push_back(n);
  looks.push_back(max_forks);
  return looks;
}

} // namespace steady::stats
