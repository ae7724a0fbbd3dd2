#include <algorithm>

#include "steady/results.h"
#include "steady/stats.h"

namespace steady {

void summarize_state_reports(BenchmarkResult &b) {
  std::vector<const StateReport *> reports;
  for (const ForkResult &f : b.forks)
    if (f.state_report && f.measured())
      reports.push_back(&*f.state_report);
  if (reports.empty())
    return;
  auto median_of = [&](auto value) {
    std::vector<double> v;
    for (const StateReport *r : reports)
      v.push_back(value(*r));
    return stats::quantile(v, 0.5);
  };
  // Counters in the order the first fork reported them (the order a
  // benchmark sets them), each over the forks that have it.
  std::vector<std::string> names;
  for (const StateReport *r : reports)
    for (const auto &[name, v] : r->counters)
      if (std::find(names.begin(), names.end(), name) == names.end())
        names.push_back(name);
  b.user_counters.clear();
  for (const std::string &name : names) {
    std::vector<double> v;
    for (const StateReport *r : reports)
      for (const auto &[n, x] : r->counters)
        if (n == name)
          v.push_back(x);
    b.user_counters.emplace_back(name, stats::quantile(v, 0.5));
  }
  b.label = reports.back()->label;
  b.complexity_n = median_of([](const StateReport &r) { return r.complexity_n; });
  if (double items = median_of([](const StateReport &r) { return r.items_per_op; }); items > 0)
    b.items_per_op = items;
  if (double bytes = median_of([](const StateReport &r) { return r.bytes_per_op; }); bytes > 0)
    b.bytes_per_op = bytes;
}

} // namespace steady
