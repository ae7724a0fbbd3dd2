// steady compare BASE.json NEW.json: did NEW get faster or slower?
//
// Reads steady result files and Google Benchmark JSON (--benchmark_format=json,
// repetitions as forks) and compares every benchmark found in both (the
// statistics and verdicts: comparison.cpp). --fail-on-slowdown=2% exits 1 when
// a slowdown beyond 2 % is established: for CI gating.
//
// --trials=R --trial-forks=V [--trial-iterations=I]: Peass's evaluation
// (section III-A) instead of one comparison: R times, draw V forks of each file (the
// first I iterations of each) and compare them; per test, count how often a
// slowdown or a speedup is found (scripts/bench-detect turns the counts into
// precision, recall and F1). Files written by steady ab are drawn by rounds,
// and a paired t-test of the log fork means of each round is added.
#include <algorithm>
#include <cmath>
#include <random>
#include <utility>

#include <fmt/core.h>

#include "commands.h"
#include "comparison.h"
#include "report.h"
#include "steady/option_checks.h"
#include "steady/output_file.h"

namespace steady::driver {
namespace {

struct Trials {
  int trials = 0, forks = 0, iterations = 1 << 30;
  std::uint64_t seed = 1;
};

// Slower / faster counts of one test over the trials.
struct Counts {
  int slower = 0, faster = 0;
  void add(bool significant, bool up) {
    slower += significant && up;
    faster += significant && !up;
  }
  std::string text() const { return fmt::format("{}/{}", slower, faster); }
  nlohmann::json json() const { return {{"slower", slower}, {"faster", faster}}; }
};

// steady ab's files pair the forks by round: the fork indices of the rounds
// both files have, so that whole rounds can be drawn and the paired test can
// compare the A and B fork that ran side by side.
struct Rounds {
  std::map<int, std::size_t> a, b;
  std::vector<int> both;

  Rounds(const Series &sa, const Series &sb) {
    for (std::size_t k = 0; k < sa.fork_rounds.size(); ++k)
      if (sa.fork_rounds[k] >= 0)
        a[sa.fork_rounds[k]] = k;
    for (std::size_t k = 0; k < sb.fork_rounds.size(); ++k)
      if (sb.fork_rounds[k] >= 0 && a.count(sb.fork_rounds[k]))
        b[sb.fork_rounds[k]] = k;
    for (const auto &[r, k] : b)
      both.push_back(r);
  }
};

// One benchmark's counts over the trials, per test.
struct TrialCounts {
  Counts ratio, welch, mwu, overlap, paired;
  std::map<std::string, int> verdicts;

  void add(const Series &x, const Series &y, const CompareOptions &o, bool paired_draw) {
    const stats::Comparison r = stats::compare(x, y, o);
    ratio.add(r.ratio.low > 1 || r.ratio.high < 1, r.ratio.low > 1);
    // The tests are over fork means (Peass's unit: one value per VM), which
    // respects that iterations of one fork are not independent.
    const std::vector<double> fx = stats::fork_means(x), fy = stats::fork_means(y);
    const bool welch_significant = r.welch_p < o.alpha;
    welch.add(welch_significant, stats::mean(fy) > stats::mean(fx));
    mwu.add(r.mwu_p < o.alpha, r.cliffs_delta > 0);
    overlap.add(!r.overlap, r.ratio.estimate > 1);
    if (paired_draw) {
      // log ratios of the fork means of a round: drift that hit both
      // versions alike cancels.
      std::vector<double> lx, ly;
      for (std::size_t i = 0; i < fx.size(); ++i) {
        lx.push_back(std::log(fx[i]));
        ly.push_back(std::log(fy[i]));
      }
      stats::TestResult pt = stats::paired_t_test(lx, ly);
      paired.add(pt.p_value < o.alpha, pt.statistic > 0);
    }
    ++verdicts[to_string(r.verdict)];
  }
};

TrialCounts draw_trials(const Series &sa, const Series &sb, const CompareOptions &o, const Trials &t,
                        std::mt19937_64 &rng, bool &paired_draws) {
  Rounds rounds(sa, sb);
  paired_draws = int(rounds.both.size()) >= t.forks;
  TrialCounts counts;
  for (int k = 0; k < t.trials; ++k) {
    Series x, y;
    if (paired_draws) {
      std::shuffle(rounds.both.begin(), rounds.both.end(), rng);
      std::vector<std::size_t> ka, kb;
      for (int i = 0; i < t.forks; ++i) {
        ka.push_back(rounds.a[rounds.both[std::size_t(i)]]);
        kb.push_back(rounds.b[rounds.both[std::size_t(i)]]);
      }
      x = stats::pick(sa, ka, t.iterations);
      y = stats::pick(sb, kb, t.iterations);
    } else {
      x = stats::subsample(sa, t.forks, t.iterations, rng);
      y = stats::subsample(sb, t.forks, t.iterations, rng);
    }
    counts.add(x, y, o, paired_draws);
  }
  return counts;
}

int run_trials(const CompareOptions &o, const Trials &t, const std::map<std::string, Series> &a,
               const std::map<std::string, Series> &b) {
  std::mt19937_64 rng(t.seed);
  nlohmann::json out = nlohmann::json::array();
  bool header = false;
  for (const auto &[name, sa] : a) {
    auto it = b.find(name);
    if (it == b.end())
      continue;
    const Series &sb = it->second;
    if (int(std::min(sa.forks.size(), sb.forks.size())) < t.forks) {
      fmt::print(stderr, "steady compare: {} has {} and {} forks, fewer than --trial-forks={}\n", name, sa.forks.size(),
                 sb.forks.size(), t.forks);
      return 2;
    }
    bool paired_draws = false;
    TrialCounts c = draw_trials(sa, sb, o, t, rng, paired_draws);
    int iters = std::min(t.iterations, std::min(sa.iterations_per_fork, sb.iterations_per_fork));
    if (!std::exchange(header, true))
      fmt::print("{:<20} {:>6} {:>5} {:>5}  {:>9} {:>9} {:>9} {:>9} {:>9}  {}\n", "benchmark", "trials", "forks",
                 "iters", "ratio-ci", "welch-f", "mwu-f", "no-overl", "paired-t",
                 "(slower/faster found); verdicts slower/faster/same/undecided");
    fmt::print("{:<20} {:>6} {:>5} {:>5}  {:>9} {:>9} {:>9} {:>9} {:>9}  {}/{}/{}/{}\n", name, t.trials, t.forks, iters,
               c.ratio.text(), c.welch.text(), c.mwu.text(), c.overlap.text(), paired_draws ? c.paired.text() : "-",
               c.verdicts["slower"], c.verdicts["faster"], c.verdicts["same"], c.verdicts["can't tell yet"]);
    out.push_back({{"benchmark", name},
                   {"trials", t.trials},
                   {"forks", t.forks},
                   {"iterations", iters},
                   {"ratio_ci", c.ratio.json()},
                   {"welch_fork_means", c.welch.json()},
                   {"mann_whitney_fork_means", c.mwu.json()},
                   {"ci_overlap", c.overlap.json()},
                   {"paired_t_rounds", paired_draws ? c.paired.json() : nlohmann::json()},
                   {"verdicts", c.verdicts}});
  }
  if (!o.json_out.empty())
    write_output(o.json_out, [&](std::ostream &f) {
      f << nlohmann::json{{"schema", "steady-compare-trials/1"},
                          {"alpha", o.alpha},
                          {"seed", t.seed},
                          {"benchmarks", out}}
               .dump(2)
        << "\n";
    });
  return 0;
}

int run(CompareOptions o, const Trials &t, const std::string &base, const std::string &next) {
  ComparedSide sa_side, sb_side;
  try {
    sa_side = load_side(base);
    sb_side = load_side(next);
  } catch (const std::exception &e) {
    fmt::print(stderr, "steady compare: {}\n", e.what());
    return 2;
  }
  try {
    const std::map<std::string, Series> &a = sa_side.series, &b = sb_side.series;
    if (t.trials > 0)
      return run_trials(o, t, a, b);
    // steady ab's two side files: its forks pair by round, as ab compared them.
    o.pair_rounds = sides_of_one_ab_run(sa_side, sb_side);
    std::vector<Row> rows;
    for (const auto &[name, sa] : a) {
      auto it = b.find(name);
      if (it == b.end())
        it = std::find_if(b.begin(), b.end(), [&](const auto &nb) { return same_benchmark(name, nb.first); });
      if (it == b.end())
        continue;
      if (sa.instructions != it->second.instructions) {
        fmt::print(stderr, "steady compare: {} is measured in {} in '{}' but in {} in '{}': not compared\n", name,
                   metric_name(sa), base, metric_name(it->second), next);
        continue;
      }
      rows.push_back(compare_series(name, sa, it->second, o));
      rows.back().identical_code = same_code(code_of(sa_side, name), code_of(sb_side, it->first));
      rows.back().base_groups = disagreement_of(sa_side, name);
      rows.back().new_groups = disagreement_of(sb_side, it->first);
    }
    if (rows.empty()) {
      fmt::print(stderr,
                 "steady compare: '{}' and '{}' have no benchmark in common (names are matched as described in "
                 "docs/user-guide.md: 'find/n=64' matches Google Benchmark's 'BM_find/64' and 'find/n:64')\n",
                 base, next);
      return 2;
    }
    nlohmann::json head{{"schema", "steady-compare/1"}, {"base", base}, {"new", next}};
    if (sa_side.run && sb_side.run) {
      const std::string differ = machine_difference(sa_side.run->machine, sa_side.run->timer.ticks_per_ns,
                                                    sb_side.run->machine, sb_side.run->timer.ticks_per_ns);
      if (!differ.empty()) {
        // Said, not acted on: comparing two machines may be the point.
        fmt::print(stderr,
                   "steady compare: '{}' and '{}' were recorded on different machines ({}): a difference is "
                   "the machines' as much as the code's\n",
                   base, next, differ);
        head["machines_differ"] = differ;
      }
    }
    if (nlohmann::json move = judge_machine_move(rows, o); !move.is_null())
      head["machine_move"] = move;
    bool gate = report(rows, o, "steady compare", head);
    if (!o.html_out.empty() && !write_comparison_report(o.html_out, "steady compare", rows, o, sa_side, sb_side))
      return 2;
    return gate ? 1 : 0;
  } catch (const std::exception &e) { // an output that could not be written; no exception escapes
    fmt::print(stderr, "steady compare: {}\n", e.what());
    return 2;
  }
}

} // namespace

// The options both compare and ab take; `gate` and `margin` are parsed by
// parse_gate_options once CLI11 has filled them.
void add_comparison_options(CLI::App *sub, CompareOptions &o, std::string &gate, std::string &margin) {
  sub->add_option("--fail-on-slowdown", gate, "Exit 1 when a slowdown beyond this (e.g. 2%) is established");
  sub->add_option("--equivalence", margin, "Differences within this count as the same")->capture_default_str();
  sub->add_option("--alpha", o.alpha, "Significance level (99 % intervals by default)")
      ->check(steady::options::probability())
      ->capture_default_str();
  sub->add_option("--json", o.json_out, "Also write the comparison as JSON");
  sub->add_option("--markdown", o.markdown_out, "Also write a Markdown table (for a pull request comment)");
  sub->add_option("--html", o.html_out, "Also write an HTML report: verdicts, forest plot, distributions");
}

void parse_gate_options(CompareOptions &o, const std::string &gate, const std::string &margin) {
  auto fraction = [](const char *flag, const std::string &text) {
    double v = 0;
    try {
      v = parse_fraction(text);
    } catch (const std::exception &) {
      throw CLI::ValidationError(flag, "expects a number or a percentage like 2%, not " + text);
    }
    // A negative margin or gate would call every difference a change.
    if (!(std::isfinite(v) && v >= 0))
      throw CLI::ValidationError(flag, "must be a finite fraction >= 0 (like 2%), not " + text);
    return v;
  };
  o.equivalence = fraction("--equivalence", margin);
  if (!gate.empty())
    o.fail_on_slowdown = fraction("--fail-on-slowdown", gate);
}

void add_compare(CLI::App &app) {
  auto o = std::make_shared<CompareOptions>();
  auto files = std::make_shared<std::pair<std::string, std::string>>();
  auto gate = std::make_shared<std::string>();
  auto margin = std::make_shared<std::string>("1%");
  auto trials = std::make_shared<Trials>();
  CLI::App *sub = app.add_subcommand("compare", "Compare two result files (steady or Google Benchmark JSON): "
                                                "faster / slower / same / can't tell yet");
  sub->add_option("base", files->first, "The baseline results")->required();
  sub->add_option("new", files->second, "The new results")->required();
  add_comparison_options(sub, *o, *gate, *margin);
  sub->add_option("--trials", trials->trials, "Evaluation: compare this many random subsets instead (Peass §III)")
      ->check(steady::options::count_at_least(1));
  sub->add_option("--trial-forks", trials->forks, "Evaluation: forks drawn from each file per trial");
  sub->add_option("--trial-iterations", trials->iterations, "Evaluation: the first this many iterations of each fork");
  sub->add_option("--trial-seed", trials->seed, "Evaluation: seed of the draws")->capture_default_str();
  sub->callback([o, files, gate, margin, trials] {
    parse_gate_options(*o, *gate, *margin);
    if (trials->trials > 0 && trials->forks < 2)
      throw CLI::ValidationError("--trial-forks", "needs at least 2 forks per trial");
    check_outputs("steady compare",
                  {{"--json", o->json_out}, {"--markdown", o->markdown_out}, {"--html", o->html_out}});
    if (!o->html_out.empty() && !check_report_output(o->html_out, "steady compare"))
      throw CLI::RuntimeError(2);
    if (int status = run(*o, *trials, files->first, files->second))
      throw CLI::RuntimeError(status);
  });
}

} // namespace steady::driver
