// Timing of the steady-state analysis (scripts/bench-pelt builds and runs it).
//
//   pelt_bench [--reps N] [--sizes 1000,3000,...] [--max-crops-n N]
//
// For each size n it times, repeating each measurement and printing the
// median and the spread (min, max) of wall-clock times:
//   crops-thesis  segment(): CROPS over [4, 1e5] + Kneedle + PELT (the default)
//   crops-log     segment(): CROPS over [4·log n, 1e5·log n] + Kneedle + PELT
//   pelt-steps    one PELT run at 15·log n on a series with a level shift every
//                 300 points (changes grow with n: PELT's linear regime)
//   pelt-flat     one PELT run at 15·log n on warmup then flat noise (no
//                 change after the warmup: nothing is pruned, quadratic)
// on synthetic series from test/unit/synthetic_series.h with fixed seeds.
// Then the ratio of each median to the one at the smallest size, next to the
// ratio of sizes. CROPS is timed up to --max-crops-n (10000 by default: over
// [4, 1e5] it needs thousands of PELT runs at 30000 points, minutes).
// Timings are on a shared machine: compare ratios from the same run, not
// absolute figures across runs.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "steady/steady_state.h"
#include "synthetic_series.h"

using namespace steady::stats;

namespace {

std::vector<double> steps(std::size_t n) {
  steady::test::Rng rng(21);
  std::vector<double> x;
  for (std::size_t i = 0; i < n; ++i)
    x.push_back(100 + 5 * static_cast<double>((i / 300) % 3) + rng.normal());
  return x;
}

struct Stats {
  double median, min, max;
};

template <class F> Stats time_it(int reps, F &&f) {
  std::vector<double> ms;
  for (int r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(ms.begin(), ms.end());
  const std::size_t k = ms.size();
  const double med = k % 2 ? ms[k / 2] : (ms[k / 2 - 1] + ms[k / 2]) / 2;
  return {med, ms.front(), ms.back()};
}

} // namespace

int main(int argc, char **argv) {
  int reps = 5;
  std::vector<std::size_t> sizes{1000, 3000, 10000, 30000};
  std::size_t max_crops_n = 10000; // CROPS at 30000 points takes minutes
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--reps") && i + 1 < argc) {
      reps = std::atoi(argv[++i]);
    } else if (!std::strcmp(argv[i], "--sizes") && i + 1 < argc) {
      sizes.clear();
      for (char *p = std::strtok(argv[++i], ","); p; p = std::strtok(nullptr, ","))
        sizes.push_back(std::strtoull(p, nullptr, 10));
    } else if (!std::strcmp(argv[i], "--max-crops-n") && i + 1 < argc) {
      max_crops_n = std::strtoull(argv[++i], nullptr, 10);
    } else {
      std::fprintf(stderr, "usage: %s [--reps N] [--sizes a,b,...] [--max-crops-n N]\n", argv[0]);
      return 2;
    }
  }

  std::map<std::string, std::map<std::size_t, Stats>> results;
  std::printf("%-13s %7s %5s %11s %11s %11s  %s\n", "what", "n", "reps", "median ms", "min ms", "max ms", "detail");
  for (std::size_t n : sizes) {
    const auto warm = steady::test::warmup_then_flat(n, 11);
    const auto st = steps(n);
    const double pen = 15 * std::log(static_cast<double>(n));
    // Fewer repetitions where one takes seconds.
    const int r_big = n >= 30000 ? 1 : n >= 10000 ? std::max(1, reps / 2) : reps;
    auto row = [&](const char *what, int r, const Stats &s, const std::string &detail) {
      results[what][n] = s;
      std::printf("%-13s %7zu %5d %11.2f %11.2f %11.2f  %s\n", what, n, r, s.median, s.min, s.max, detail.c_str());
      std::fflush(stdout);
    };
    if (n <= max_crops_n) {
      for (auto range : {PenaltyRange::thesis, PenaltyRange::log_scaled}) {
        PenaltyOptions o;
        o.range = range;
        PenaltyChoice c;
        const Stats s = time_it(r_big, [&] { c = segment(warm, o); });
        row(range == PenaltyRange::thesis ? "crops-thesis" : "crops-log", r_big, s,
            std::to_string(c.crops.pelt_runs) + " PELT runs, " + std::to_string(c.crops.segmentations.size()) +
                " segmentations, penalty " + std::to_string(c.penalty) + ", " +
                std::to_string(c.segmentation.changepoints.size()) + " changepoints");
      }
    }
    {
      Segmentation s;
      const Stats t = time_it(reps, [&] { s = pelt(st, pen); });
      row("pelt-steps", reps, t, std::to_string(s.changepoints.size()) + " changepoints");
    }
    {
      Segmentation s;
      const Stats t = time_it(r_big, [&] { s = pelt(warm, pen); });
      row("pelt-flat", r_big, t, std::to_string(s.changepoints.size()) + " changepoints");
    }
  }

  std::printf("\nscaling (median / median at n = %zu, against n / %zu):\n", sizes.front(), sizes.front());
  for (const auto &[what, by_n] : results) {
    const auto base = by_n.begin();
    std::printf("%-13s", what.c_str());
    for (const auto &[n, s] : by_n)
      std::printf("  n=%zu: x%.1f (n x%.0f)", n, s.median / base->second.median,
                  static_cast<double>(n) / static_cast<double>(base->first));
    std::printf("\n");
  }
  return 0;
}
