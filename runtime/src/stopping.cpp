#include "stopping.h"

#include <algorithm>
#include <numeric>

namespace steady {

std::string StopPolicy::name() const {
  std::string n;
  for (auto [on, what] : {std::pair{cv, "cv"}, std::pair{rciw, "rciw"}, std::pair{kld, "kld"}})
    if (on)
      n += (n.empty() ? "" : "+") + std::string(what);
  return n.empty() ? "none" : n;
}

bool StopPolicy::parse(const std::string &spec, StopPolicy &out) {
  out.cv = out.rciw = out.kld = false;
  if (spec == "none")
    return true;
  std::size_t start = 0;
  while (start <= spec.size()) {
    std::size_t plus = spec.find('+', start);
    std::string part = spec.substr(start, plus == std::string::npos ? std::string::npos : plus - start);
    if (part == "cv")
      out.cv = true;
    else if (part == "rciw")
      out.rciw = true;
    else if (part == "kld")
      out.kld = true;
    else
      return false;
    if (plus == std::string::npos)
      break;
    start = plus + 1;
  }
  return true;
}

namespace {

std::vector<stats::Weighted> pooled(const std::vector<stats::Fork> &data, std::size_t forks, std::size_t iterations) {
  std::vector<stats::Weighted> all;
  for (std::size_t f = 0; f < forks; ++f)
    for (std::size_t i = 0; i < (f + 1 == forks ? iterations : data[f].size()); ++i)
      all.insert(all.end(), data[f][i].begin(), data[f][i].end());
  return all;
}

std::vector<double> values(const std::vector<stats::Weighted> &w) {
  std::vector<double> v;
  v.reserve(w.size());
  for (const stats::Weighted &s : w)
    v.push_back(s.value);
  return v;
}

// max - min of the last `window` values.
double range(const std::vector<double> &v, int window) {
  auto first = v.end() - std::min<std::ptrdiff_t>(window, std::ptrdiff_t(v.size()));
  auto [lo, hi] = std::minmax_element(first, v.end());
  return *hi - *lo;
}

double tail_mean(const std::vector<double> &v, int window) {
  auto first = v.end() - std::min<std::ptrdiff_t>(window, std::ptrdiff_t(v.size()));
  return std::accumulate(first, v.end(), 0.0) / double(v.end() - first);
}

} // namespace

void Stability::checkpoint(const std::vector<stats::Fork> &data, bool by_forks) {
  const std::size_t last_fork = data.size();
  const std::size_t last_iterations = data.back().size();
  std::vector<stats::Weighted> all = pooled(data, last_fork, last_iterations);
  if (policy_.cv)
    cv_.push_back(stats::weighted_cv(all));
  if (policy_.rciw)
    rciw_.push_back(stats::bootstrap_mean_clt(data, 0.99, policy_.resamples, policy_.seed + checkpoints_)
                        .relative_width());
  if (policy_.kld) {
    // Without the newest unit: the previous fork's end, or one iteration less.
    std::vector<stats::Weighted> before =
        by_forks ? pooled(data, last_fork - 1, last_fork > 1 ? data[last_fork - 2].size() : 0)
                 : pooled(data, last_fork, last_iterations - 1);
    kld_.push_back(before.size() < 2 ? 0 : stats::kld_stability(values(before), values(all)));
  }
  ++checkpoints_;
}

bool Stability::stable(std::size_t min_values) const {
  const int w = policy_.window;
  auto full = [&](const std::vector<double> &v) { return v.size() >= min_values; };
  bool ok = policy_.dynamic();
  if (policy_.cv)
    ok &= full(cv_) && range(cv_, w) <= policy_.cv_threshold;
  if (policy_.rciw)
    ok &= full(rciw_) && range(rciw_, w) <= policy_.rciw_threshold;
  if (policy_.kld)
    ok &= full(kld_) && tail_mean(kld_, w) > policy_.kld_threshold;
  return ok;
}

std::vector<std::pair<std::string, double>> Stability::last() const {
  std::vector<std::pair<std::string, double>> out;
  if (!cv_.empty())
    out.emplace_back("cv", cv_.back());
  if (!rciw_.empty())
    out.emplace_back("rciw", rciw_.back());
  if (!kld_.empty())
    out.emplace_back("kld", kld_.back());
  return out;
}

} // namespace steady
