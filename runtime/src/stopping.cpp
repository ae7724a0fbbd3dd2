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

std::vector<double> values(const std::vector<stats::Fork> &data) {
  std::vector<double> v;
  for (const stats::Fork &f : data)
    for (const stats::Iteration &it : f)
      for (const stats::Weighted &s : it)
        v.push_back(s.value);
  return v;
}

std::vector<stats::Weighted> pooled(const std::vector<stats::Fork> &data) {
  std::vector<stats::Weighted> all;
  for (const stats::Fork &f : data)
    for (const stats::Iteration &it : f)
      all.insert(all.end(), it.begin(), it.end());
  return all;
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

void Stability::append(const std::vector<stats::Fork> &now, const std::vector<stats::Fork> *before) {
  if (policy_.cv)
    cv_.push_back(stats::weighted_cv(pooled(now)));
  if (policy_.rciw)
    rciw_.push_back(
        stats::bootstrap_mean_clt(now, 0.99, policy_.resamples, policy_.seed + checkpoints_).relative_width());
  if (policy_.kld && before)
    kld_.push_back(stats::kld_stability(values(*before), values(now)));
  ++checkpoints_;
}

void Stability::checkpoint_warmup(const stats::Fork &iterations) {
  cv_.clear();
  rciw_.clear();
  kld_.clear();
  const std::size_t n = iterations.size();
  const std::size_t first = n > std::size_t(policy_.window) ? n - std::size_t(policy_.window) : 0;
  std::vector<stats::Fork> prefix(1), previous;
  for (std::size_t x = first; x < n; ++x) {
    previous = prefix;
    prefix[0].push_back(iterations[x]);
    append(prefix, x > first ? &previous : nullptr);
  }
}

void Stability::checkpoint_forks(const std::vector<stats::Fork> &forks) {
  std::vector<stats::Fork> before(forks.begin(), forks.end() - 1);
  append(forks, before.empty() ? nullptr : &before);
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
