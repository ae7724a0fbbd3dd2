// A run configuration as runner options (runner_args.h).
#include "steady/runner_args.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "steady/fork_loop.h"

namespace steady {

std::vector<std::string> runner_args(const RunConfig &c, const std::vector<std::string_view> &pinned) {
  const RunConfig d; // the runner's defaults
  // --profile and --quick set these unless they are given: given, they keep their values.
  const bool profile = !c.profile.empty();
  std::vector<std::string> out;
  auto put = [&](std::string_view name, const auto &value, const auto &fallback) {
    const bool pin = std::find(pinned.begin(), pinned.end(), name) != pinned.end();
    if (value != fallback || pin)
      out.push_back(fmt::format("{}={}", name, value));
  };
  auto put_profiled = [&](std::string_view name, const auto &value, const auto &fallback) {
    if (profile)
      out.push_back(fmt::format("{}={}", name, value));
    else
      put(name, value, fallback);
  };
  auto flag = [&](std::string_view name, bool on) {
    if (on)
      out.emplace_back(name);
  };
  if (c.profile == "quick")
    out.emplace_back("--quick");
  else if (profile)
    out.push_back("--profile=" + c.profile);
  // Always: --forks or --warmup-iterations without --stop would mean --stop=none.
  out.push_back("--stop=" + c.stop);
  put_profiled("--forks", c.forks, d.forks);
  put_profiled("--warmup-forks", c.warmup_forks, d.warmup_forks);
  put_profiled("--warmup-iterations", c.warmup_iterations, d.warmup_iterations);
  put_profiled("--iterations", c.iterations, d.iterations);
  put_profiled("--warmup-time", c.warmup_time, d.warmup_time);
  put_profiled("--iteration-time", c.iteration_time, d.iteration_time);
  put("--batch-size", c.batch_size, d.batch_size);
  put_profiled("--max-warmup", c.max_warmup, d.max_warmup);
  put_profiled("--max-forks", c.max_forks, default_max_forks(c, d.max_forks));
  put("--mode", std::string_view(to_string(c.mode)), std::string_view(to_string(d.mode)));
  put("--threshold", c.threshold, d.threshold);
  put("--precision", c.precision, d.precision);
  put("--min-warmup", c.min_warmup, d.min_warmup);
  put("--min-forks", c.min_forks, d.min_forks);
  put("--window", c.window, d.window);
  flag("--stop-observe", c.stop_observe);
  put("--budget", c.budget, d.budget);
  put("--benchmark-budget", c.benchmark_budget, d.benchmark_budget);
  put("--filter", c.filter, d.filter);
  flag("--list", c.list);
  // Chosen at run time when not given (cycles and instructions if the PMU
  // allows); valgrind counts for itself and takes no --counters.
  if (!c.counters_auto && c.instrument != "valgrind")
    out.push_back(fmt::format("--counters={}", fmt::join(c.counters, ",")));
  put("--json", c.json, d.json);
  put("--json-samples", c.json_samples, d.json_samples);
  put("--csv", c.csv, d.csv);
  put("--markdown", c.markdown, d.markdown);
  put("--save-baseline", c.save_baseline, d.save_baseline);
  put("--baseline", c.baseline, d.baseline);
  flag("--no-baseline", c.no_baseline);
  put("--instrument", c.instrument, d.instrument);
  put("--layout", c.layout, d.layout);
  put("--seed", c.seed, d.seed);
  put("--timeout", c.timeout, d.timeout);
  flag("--no-fork", c.no_fork);
  flag("--verbose", c.verbose);
  flag("--progress", c.progress == 1);
  flag("--no-progress", c.progress == 0);
  return out;
}

} // namespace steady
