// The comparison core of `steady compare` and `steady ab`.
//
// Per benchmark in both inputs: the ratio of means NEW/BASE with its 99 %
// hierarchical-bootstrap CI, Welch's t-test and Mann-Whitney U over iteration
// means, whether the two 99 % CIs overlap, Cohen's d and Cliff's delta, and a
// verdict: slower / faster (the ratio CI excludes 1), same (the CI lies within
// +-equivalence), or can't tell yet, with the smallest effect the current data
// could detect and how many more forks would decide at the equivalence margin
// (z_{1-beta} = gamma sqrt(n/2) - z_{1-alpha/2}, power 0.8).
#include "comparison.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <fstream>

#include <fmt/core.h>

#include "json_file.h"

namespace steady::driver {
namespace {

using json = nlohmann::json;

double to_ns(double v, const std::string &unit) {
  return unit == "us" ? v * 1e3 : unit == "ms" ? v * 1e6 : unit == "s" ? v * 1e9 : v;
}

} // namespace

double parse_fraction(const std::string &s) {
  std::string v = s;
  bool pct = !v.empty() && v.back() == '%';
  if (pct)
    v.pop_back();
  std::size_t used = 0;
  double x = std::stod(v, &used);
  if (used != v.size())
    throw std::invalid_argument(s);
  return pct ? x / 100 : x;
}

std::map<std::string, Series> load_series(const json &doc, const std::string &what) {
  std::map<std::string, Series> out;
  try {
    if (!doc.is_object()) {
      throw std::runtime_error(what + " is neither a steady result file nor Google Benchmark JSON");
    } else if (doc.value("schema", "") == "steady-results/1") {
      double ticks_per_ns = doc.at("machine").at("timer").at("ticks_per_ns");
      for (const json &b : doc.at("benchmarks")) {
        Series s;
        for (const json &f : b.at("forks")) {
          if (f.at("status") != "ok" || f.at("warmup").get<bool>())
            continue;
          stats::Fork fork;
          std::vector<double> means;
          for (const json &it : f.at("iterations")) {
            if (it.at("warmup").get<bool>())
              continue;
            stats::Iteration samples;
            for (const json &x : it.at("batches"))
              samples.push_back({x.at(0).get<double>() / ticks_per_ns, x.at(1).get<double>()});
            if (samples.empty())
              continue;
            s.iteration_means.push_back(it.at("ns_per_op"));
            means.push_back(it.at("ns_per_op"));
            fork.push_back(std::move(samples));
          }
          if (!fork.empty()) {
            s.iterations_per_fork = int(fork.size());
            s.forks.push_back(std::move(fork));
            s.fork_means.push_back(std::move(means));
            s.fork_rounds.push_back(f.contains("ab") ? f["ab"].value("round", -1) : -1);
          }
        }
        for (const json &flag : b.value("flags", json::array()))
          s.measures_nothing |= flag == "measures-nothing";
        if (!s.forks.empty())
          out[b.at("name")] = std::move(s);
      }
    } else if (doc.contains("context") && doc.contains("benchmarks")) { // Google Benchmark
      for (const json &b : doc.at("benchmarks")) {
        if (b.value("run_type", "iteration") != "iteration")
          continue;
        double ns = to_ns(b.at("real_time"), b.value("time_unit", "ns"));
        Series &s = out[b.value("run_name", b.at("name").get<std::string>())];
        s.iteration_means.push_back(ns);
        s.fork_means.push_back({ns});
        s.fork_rounds.push_back(-1);
        s.forks.push_back({{{ns, double(b.value("iterations", 1))}}});
      }
    } else {
      throw std::runtime_error(what + " is neither a steady result file nor Google Benchmark JSON");
    }
  } catch (const json::exception &e) {
    throw std::runtime_error(what + " is missing data: " + e.what());
  }
  return out;
}

std::map<std::string, Series> load_series(const std::string &path) {
  return load_series(read_json_file(path), "'" + path + "'");
}

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

Row compare_series(const std::string &name, const Series &a, const Series &b, const CompareOptions &o) {
  Row r;
  r.name = name;
  if (a.measures_nothing || b.measures_nothing) {
    // No verdict on a number that is not a measurement of the payload.
    r.verdict = "measures nothing";
    r.note = a.measures_nothing && b.measures_nothing ? "both versions measure nothing: no verdict"
             : a.measures_nothing                     ? "the base measures nothing: no verdict"
                                                      : "the new version measures nothing: no verdict";
    r.ratio = r.low = r.high = r.welch_p = r.mwu_p = r.d = r.delta = NAN;
    return r;
  }
  stats::Interval ratio = stats::bootstrap_ratio_clt(a.forks, b.forks, 1 - o.alpha, o.resamples, 1);
  stats::Interval ca = stats::bootstrap_mean_clt(a.forks, 1 - o.alpha, 2000, 2);
  stats::Interval cb = stats::bootstrap_mean_clt(b.forks, 1 - o.alpha, 2000, 3);
  r.ratio = ratio.estimate;
  r.low = ratio.low;
  r.high = ratio.high;
  r.overlap = ca.low <= cb.high && cb.low <= ca.high;
  bool tests = a.iteration_means.size() >= 2 && b.iteration_means.size() >= 2;
  r.welch_p = tests ? stats::welch_t_test(a.iteration_means, b.iteration_means).p_value : NAN;
  r.mwu_p = tests ? stats::mann_whitney_u(a.iteration_means, b.iteration_means).p_value : NAN;
  r.d = tests ? stats::cohens_d(a.iteration_means, b.iteration_means) : NAN;
  r.delta = stats::cliffs_delta(a.iteration_means, b.iteration_means);
  if (r.low > 1) {
    r.verdict = "slower";
  } else if (r.high < 1) {
    r.verdict = "faster";
  } else if (r.low >= 1 - o.equivalence && r.high <= 1 + o.equivalence) {
    r.verdict = "same";
  } else {
    r.verdict = "can't tell yet";
    // The power relation on iteration means (the unit of the tests above):
    // the effect the current samples can detect, and the samples (in forks
    // of this size) that would detect the equivalence margin.
    const auto &ma = a.iteration_means, &mb = b.iteration_means;
    if (ma.size() >= 2 && mb.size() >= 2) {
      double sigma = std::sqrt((stats::variance(ma) + stats::variance(mb)) / 2), mean = stats::mean(ma);
      double n = double(std::min(ma.size(), mb.size()));
      double mde = std::sqrt(stats::samples_needed(1, o.alpha, 0.8) / n) * sigma / mean;
      double need = stats::samples_needed(o.equivalence * mean / sigma, o.alpha, 0.8);
      int forks = std::max(1, int(std::ceil((need - n) / double(std::max(1, b.iterations_per_fork)))));
      r.note = fmt::format("detects {:.1f} % now; about {} more fork(s) per version to decide +-{:.1f} %", 100 * mde,
                           forks, 100 * o.equivalence);
    } else {
      r.note = "too few iterations to estimate the spread";
    }
  }
  return r;
}

bool report(const std::vector<Row> &rows, const CompareOptions &o, const std::string &tool, const json &header) {
  bool show_forks = !rows.empty() && rows.front().forks.has_value();
  // The confidence level the intervals were computed at (99 % unless --alpha
  // says otherwise, or steady ab splits alpha over its looks).
  const std::string level = fmt::format("{:g}", 100 * (1 - o.alpha));
  fmt::print("{:<34} {:>8} {:>19} {:>9} {:>9} {:>8} {:>7} {:>6}{}  {}\n", "benchmark", "new/base", level + "% CI", "welch p",
             "mwu p", "overlap", "d", "delta", show_forks ? fmt::format(" {:>9}", "forks a/b") : "", "verdict");
  std::string md = fmt::format("| benchmark | new/base | {} % CI | Welch p | MWU p | CIs overlap | Cohen's d | Cliff's δ "
                               "|{} verdict |\n|---|---:|---|---:|---:|---|---:|---:|{}---|\n",
                               level, show_forks ? " forks (base/new) |" : "", show_forks ? "---:|" : "");
  json out = json::array();
  bool gate = false;
  for (const Row &r : rows) {
    std::string verdict = r.verdict + (r.note.empty() ? "" : " (" + r.note + ")");
    std::string forks = r.forks ? fmt::format("{}/{}", r.forks->first, r.forks->second) : "";
    fmt::print("{:<34} {:>8.4f} {:>19} {:>9.2g} {:>9.2g} {:>8} {:>7.2f} {:>6.2f}{}  {}\n", r.name, r.ratio,
               fmt::format("[{:.4f}, {:.4f}]", r.low, r.high), r.welch_p, r.mwu_p, r.overlap ? "yes" : "no", r.d,
               r.delta, show_forks ? fmt::format(" {:>9}", forks) : "", verdict);
    md += fmt::format("| {} | {:.4f} | [{:.4f}, {:.4f}] | {:.2g} | {:.2g} | {} | {:.2f} | {:.2f} |{} {} |\n", r.name,
                      r.ratio, r.low, r.high, r.welch_p, r.mwu_p, r.overlap ? "yes" : "no", r.d, r.delta,
                      show_forks ? " " + forks + " |" : "", verdict);
    json row = {{"benchmark", r.name}, {"ratio", r.ratio}, {"ci", {r.low, r.high}}, {"welch_p", r.welch_p},
                {"mann_whitney_p", r.mwu_p}, {"ci_overlap", r.overlap}, {"cohens_d", r.d},
                {"cliffs_delta", r.delta}, {"verdict", r.verdict}, {"note", r.note}};
    if (r.forks)
      row["forks"] = {r.forks->first, r.forks->second};
    out.push_back(std::move(row));
    if (o.fail_on_slowdown >= 0 && r.low > 1 + o.fail_on_slowdown) {
      gate = true;
      fmt::print(stderr, "{}: {} is slower by more than {:.1f} % ({} % CI of new/base [{:.4f}, {:.4f}])\n", tool,
                 r.name, 100 * o.fail_on_slowdown, level, r.low, r.high);
    }
  }
  if (!o.json_out.empty()) {
    json doc = header;
    doc["benchmarks"] = out;
    std::ofstream(o.json_out) << doc.dump(2) << "\n";
  }
  if (!o.markdown_out.empty())
    std::ofstream(o.markdown_out) << md;
  return gate;
}

} // namespace steady::driver
