#include "steady/stopping.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>

namespace steady {

std::string StopPolicy::name() const {
  if (precision)
    return "precision";
  std::string n;
  for (auto [on, what] : {std::pair{cv, "cv"}, std::pair{rciw, "rciw"}, std::pair{kld, "kld"}})
    if (on)
      n += (n.empty() ? "" : "+") + std::string(what);
  return n.empty() ? "none" : n;
}

bool StopPolicy::parse(const std::string &spec, StopPolicy &out) {
  out.cv = out.rciw = out.kld = out.precision = false;
  if (spec == "none")
    return true;
  // Alone: its warmups stop on rciw, Laaber et al.'s default.
  if (spec == "precision") {
    out.precision = out.rciw = true;
    return true;
  }
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

// `into` = the sorted union of sorted `a` and `b`.
void merge_into(const std::vector<double> &a, const std::vector<double> &b, std::vector<double> &into) {
  into.resize(a.size() + b.size());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), into.begin());
}

} // namespace

Stability::IterationCriteria Stability::criteria_of(const stats::IterationSamples &it) const {
  IterationCriteria s;
  if (policy_.cv)
    s.moments = stats::Moments::of(it);
  if (policy_.rciw)
    s.clt = stats::summarize(it);
  if (policy_.kld) {
    s.sorted.reserve(it.size());
    for (const stats::Weighted &w : it)
      s.sorted.push_back(w.value);
    std::sort(s.sorted.begin(), s.sorted.end());
  }
  return s;
}

double Stability::rciw_of(std::span<const stats::ForkSummary> clt, std::uint64_t checkpoint) const {
  return stats::bootstrap_mean_clt(clt, 0.99, policy_.resamples, policy_.seed + checkpoint).relative_width();
}

void Stability::append(const stats::Moments &moments, std::span<const stats::ForkSummary> clt,
                       const std::vector<double> *before, const std::vector<double> &now, bool with_rciw) {
  if (policy_.cv)
    cv_.push_back(moments.cv());
  if (policy_.rciw && with_rciw)
    rciw_.push_back(rciw_of(clt, checkpoints_));
  if (policy_.kld && before)
    kld_.push_back(stats::kld_stability_sorted(*before, now));
  ++checkpoints_;
}

void Stability::checkpoint_warmup(const stats::ForkSamples &iterations) {
  cv_.clear();
  rciw_.clear();
  kld_.clear();
  while (warmup_.size() < iterations.size())
    warmup_.push_back(criteria_of(iterations[warmup_.size()]));
  // Eq. 1: for each iteration x of the window i'' - sW .. i'' (from the
  // first iteration while there are fewer), the union of the window's
  // iterations up to x.
  const std::size_t n = iterations.size(), window = std::size_t(policy_.window);
  const std::size_t first = n > window ? n - window - 1 : 0;
  unions_needed_ = window + 1;
  stats::Moments moments;
  std::vector<stats::ForkSummary> clt(1);
  std::vector<double> before, now;
  const std::uint64_t base = checkpoints_;
  for (std::size_t x = first; x < n; ++x) {
    moments.add(warmup_[x].moments);
    clt[0].push_back(warmup_[x].clt);
    std::swap(before, now);
    merge_into(before, warmup_[x].sorted, now);
    append(moments, clt, x > first ? &before : nullptr, now, false);
  }
  if (policy_.rciw)
    warmup_rciw(clt[0], base);
}

// rciw's bootstraps are most of a warmup checkpoint's cost (1000 resamples
// each, sW + 1 of them: about 0.3 ms at 6 iterations, more than half of a
// 0.5 ms warmup iteration). The decision needs all sW + 1 values only when
// they are within the threshold of one another: so the newest union first
// (the value reports show), then the others while their range stays within
// it; none before a full window. Each union keeps the seed it had when all
// were computed, so the values computed, and the decision, are the same.
void Stability::warmup_rciw(const stats::ForkSummary &window, std::uint64_t base) {
  const std::size_t unions = window.size();
  auto value = [&](std::size_t k) { // the union of the window's first k + 1 iterations
    std::span<const stats::IterationSummary> its(window.data(), k + 1);
    const stats::ForkSummary fork(its.begin(), its.end());
    return rciw_of({&fork, 1}, base + k);
  };
  const double newest = value(unions - 1);
  if (unions >= unions_needed_) {
    double lo = newest, hi = newest;
    for (std::size_t k = 0; k + 1 < unions && hi - lo <= policy_.rciw_threshold; ++k) {
      const double v = value(k);
      rciw_.push_back(v);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  rciw_.push_back(newest);
}

void Stability::checkpoint_forks(const std::vector<stats::ForkSamples> &forks) {
  // Eq. 2: the union of all forks so far, against the union without the newest.
  unions_needed_ = 2;
  for (std::size_t f = forks_.size(); f < forks.size(); ++f) {
    stats::ForkSummary &clt = forks_.emplace_back();
    std::vector<double> values, scratch;
    for (const stats::IterationSamples &it : forks[f]) {
      IterationCriteria s = criteria_of(it);
      forks_moments_.add(s.moments);
      clt.push_back(s.clt);
      std::swap(values, scratch);
      merge_into(scratch, s.sorted, values);
    }
    std::swap(forks_before_, forks_now_);
    merge_into(forks_before_, values, forks_now_);
  }
  append(forks_moments_, forks_, forks_.size() > 1 ? &forks_before_ : nullptr, forks_now_);
}

bool Stability::stable() const {
  // The window: the last sW + 1 unions (all of a warmup checkpoint's; for
  // forks all forks so far, up to f_max = 5 with the defaults).
  const int unions = policy_.window + 1;
  bool ok = policy_.dynamic();
  if (policy_.cv)
    ok &= cv_.size() >= unions_needed_ && range(cv_, unions) <= policy_.cv_threshold;
  if (policy_.rciw)
    ok &= rciw_.size() >= unions_needed_ && range(rciw_, unions) <= policy_.rciw_threshold;
  if (policy_.kld)
    ok &= kld_.size() + 1 >= unions_needed_ && tail_mean(kld_, unions - 1) > policy_.kld_threshold;
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

bool WarmupStop::stop_after(stats::IterationSamples iteration) {
  iterations_.push_back(std::move(iteration));
  stability_.checkpoint_warmup(iterations_);
  return int(iterations_.size()) >= min_warmup_ && stability_.stable();
}

bool ForkStop::stop_after(stats::ForkSamples fork) {
  forks_.push_back(std::move(fork));
  stability_.checkpoint_forks(forks_);
  return int(forks_.size()) >= min_forks_ && stability_.stable();
}

bool PrecisionStop::stop_after(double fork_mean, int code) {
  means_.push_back(fork_mean);
  codes_.push_back(code);
  return reached();
}

double PrecisionStop::mean_half_width() const {
  if (means_.size() < 2)
    return std::numeric_limits<double>::infinity();
  const stats::Interval ci = stats::t_interval(means_, 0.99);
  return ci.high == ci.low ? 0 : (ci.high - ci.low) / 2 / std::abs(ci.estimate);
}

double PrecisionStop::half_width() const { return offsets() >= 2 ? layout().half_width : mean_half_width(); }

int PrecisionStop::offsets() const {
  std::vector<int> seen;
  for (int c : codes_)
    if (c >= 0 && std::find(seen.begin(), seen.end(), c) == seen.end())
      seen.push_back(c);
  return int(seen.size());
}

PrecisionStop::Layout PrecisionStop::layout() const {
  std::map<int, std::vector<double>> by_offset; // as the summary groups them
  for (std::size_t i = 0; i < means_.size(); ++i)
    if (codes_[i] >= 0)
      by_offset[codes_[i]].push_back(means_[i]);
  std::vector<std::vector<double>> groups;
  for (auto &[code, means] : by_offset)
    groups.push_back(means);
  return layout_precision(groups, stats::t_interval(means_, 0.99).estimate);
}

PrecisionStop::Layout layout_precision(const std::vector<std::vector<double>> &by_offset, double mean) {
  const std::vector<stats::Interval> cis = stats::spread_aware_group_intervals(by_offset, 0.99);
  if (by_offset.size() < 2 || cis.empty())
    return {};
  if (stats::means_differ(by_offset, 0.99)) { // layout-sensitive: each end as precise as a pinned run
    double widest = 0;
    for (const stats::Interval &ci : cis)
      widest = std::max(widest, ci.high == ci.low ? 0 : (ci.high - ci.low) / 2 / std::abs(ci.estimate));
    return {widest, false};
  }
  // The printed layout interval, its low end clipped at 0 as the summary's.
  double low = INFINITY, high = -INFINITY;
  for (const stats::Interval &ci : cis) {
    low = std::min(low, std::max(ci.low, 0.0));
    high = std::max(high, ci.high);
  }
  return {high == low ? 0 : (high - low) / 2 / std::abs(mean), true};
}

UnsettledForks unsettled_forks(std::span<const double> settled, std::span<const double> unsettled, double alpha) {
  UnsettledForks u;
  if (unsettled.empty())
    return u;
  u.differ = true;
  if (settled.size() < 2)
    return u;
  u.tested = true;
  u.p_value =
      stats::one_way_anova({{settled.begin(), settled.end()}, {unsettled.begin(), unsettled.end()}}, 0.99).p_value;
  u.differ = !(u.p_value >= alpha);
  u.shift = stats::mean(unsettled) / stats::mean(settled) - 1;
  return u;
}

} // namespace steady
