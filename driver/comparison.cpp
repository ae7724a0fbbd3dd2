#include "comparison.h"

#include <algorithm>
#include <cmath>
#include <exception>

#include <fmt/core.h>

#include "steady/exact_counts.h"
#include "steady/notes.h"
#include "steady/output_file.h"
#include "steady/results_json.h"

namespace steady::driver {
namespace {

using json = nlohmann::json;

bool is_google_benchmark(const json &doc) { return doc.contains("context") && doc.contains("benchmarks"); }

// Repetitions as forks of one iteration each; runs Google Benchmark marked
// as errors (SkipWithError) are left out, and said so on stderr. A file of
// aggregates only (--benchmark_report_aggregates_only) has no repetitions to
// compare.
std::map<std::string, Series> google_benchmark_series(const json &doc, const std::string &what) {
  static const std::map<std::string, double> kUnitNs = {{"ns", 1}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9}};
  std::map<std::string, Series> out;
  std::map<std::string, int> errored;
  // A name registered twice is two families (family_index) in Google
  // Benchmark's JSON, printed under one name; the second is "NAME#2", as
  // steady's header names it (runtime/src/gbench.cpp unique_name).
  // Repetitions of one family stay one series.
  std::map<std::string, std::vector<std::int64_t>> families;
  int aggregates = 0;
  for (const json &b : doc.at("benchmarks")) {
    if (b.value("run_type", "iteration") != "iteration") {
      ++aggregates;
      continue;
    }
    std::string name = b.value("run_name", b.at("name").get<std::string>());
    if (b.contains("family_index") && b.at("family_index").is_number_integer()) {
      std::vector<std::int64_t> &seen = families[name];
      const std::int64_t family = b.at("family_index").get<std::int64_t>();
      auto at = std::find(seen.begin(), seen.end(), family);
      if (at == seen.end())
        at = seen.insert(seen.end(), family);
      if (at != seen.begin())
        name += fmt::format("#{}", at - seen.begin() + 1);
    }
    if (b.value("error_occurred", false)) {
      ++errored[name];
      continue;
    }
    const std::string unit = b.value("time_unit", "ns");
    auto scale = kUnitNs.find(unit);
    if (scale == kUnitNs.end())
      throw std::runtime_error(
          fmt::format("{}: benchmark '{}' time_unit '{}' is not ns, us, ms or s", what, name, unit));
    const double ns = b.at("real_time").get<double>() * scale->second;
    if (!(std::isfinite(ns) && ns >= 0 && ns <= 1e18))
      throw std::runtime_error(fmt::format("{}: benchmark '{}' real_time {:g} {} is not a time from 0 to 1e18 ns", what,
                                           name, b.at("real_time").get<double>(), unit));
    Series &s = out[name];
    s.iteration_means.push_back(ns);
    s.fork_means.push_back({ns});
    s.fork_rounds.push_back(-1);
    // The batch's weight: a count of at least 1 (0 would divide by zero, -5 or 1.5 weigh what no run gives).
    const json iterations = b.value("iterations", json(1));
    if (!iterations.is_number_integer() || iterations.get<std::int64_t>() < 1)
      throw std::runtime_error(
          fmt::format("{}: benchmark '{}' iterations {} is not a count of at least 1", what, name, iterations.dump()));
    s.forks.push_back({{{ns, double(iterations.get<std::int64_t>())}}});
    s.measures_nothing |= ns == 0;
  }
  for (const auto &[name, n] : errored)
    fmt::print(stderr, "note: {}: {} run(s) of '{}' have error_occurred: left out{}\n", what, n, name,
               out.count(name) ? "" : " (no run of it is left)");
  if (out.empty() && aggregates)
    throw std::runtime_error(what + " holds only Google Benchmark aggregates (mean, median, stddev): a comparison "
                                    "needs every repetition; run with --benchmark_repetitions=N and without "
                                    "--benchmark_report_aggregates_only");
  return out;
}

} // namespace

std::string verdict_note(const stats::Comparison &c, const CompareOptions &o) {
  if (c.verdict == stats::Verdict::measures_nothing)
    return c.base_measures_nothing && c.next_measures_nothing ? "both versions measure nothing: no verdict"
           : c.base_measures_nothing                          ? "the base measures nothing: no verdict"
                                                              : "the new version measures nothing: no verdict";
  // Counts: what the interval is made of, when the iterations varied.
  if (c.count_margin && (*c.count_margin > 0 || c.count_layout_margin > 0 || (c.exact && !c.decided())))
    return fmt::format("{} +-{:.4g} instr/op: {:.4g} the most a fork's iterations differ (A/A), {:.4g} for layout "
                       "between two binaries ({:g} of the count){}",
                       c.exact ? "exact counts: the interval is the difference" : "counts: the interval is widened by",
                       *c.count_margin + c.count_layout_margin, *c.count_margin, c.count_layout_margin,
                       stats::kLayoutShare,
                       c.decided() || !c.exact ? "" : fmt::format("; wider than +-{:.1f} %", 100 * o.equivalence));
  if (c.same_at_floor)
    return fmt::format("within +-{:.1f} %, the noise floor of this run (+-{:g} % asked: identical code's interval "
                       "lies within the floor in {:g} % of runs){}",
                       100 * *c.noise_floor, 100 * o.equivalence, 100 * (1 - o.noise_floor),
                       c.power ? fmt::format("; about {} more fork(s) per version to decide +-{:g} %",
                                             c.power->more_forks, 100 * o.equivalence)
                               : "");
  if (c.decided())
    return "";
  if (c.ranks_differ_at_floor)
    return fmt::format(
        "within +-{:.1f} %, the noise floor of this run, but not \"same\": the forks' ranks differ "
        "(Mann-Whitney p = {:.2g}), a shift the interval of the mean cannot bound (a far fork widens it)",
        100 * *c.noise_floor, c.mwu_p);
  if (c.direction_withheld)
    return "no direction from a mean over groups of forks";
  if (!c.power)
    return "one fork (or one Google Benchmark repetition) shows no fork-to-fork spread: at least 2 per version "
           "(--benchmark_repetitions=5 or more)";
  return fmt::format("detects {:.1f} % now; about {} more fork(s) per version to decide +-{:.1f} %",
                     100 * c.power->detectable, c.power->more_forks, 100 * o.equivalence);
}

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

bool sides_of_one_ab_run(const ComparedSide &a, const ComparedSide &b) {
  if (!a.run || !b.run || !a.run->ab || !b.run->ab)
    return false;
  const AbRun &x = *a.run->ab, &y = *b.run->ab;
  return !x.run.empty() && x.run == y.run && x.side != y.side;
}

std::optional<CodeIdentity> code_of(const ComparedSide &side, const std::string &name) {
  if (side.run)
    for (const BenchmarkResult &b : side.run->benchmarks)
      if (b.name == name)
        return b.code;
  return std::nullopt;
}

std::string disagreement_of(const BenchmarkResult &b) {
  const std::vector<ForkGroup> groups = fork_groups(b.forks);
  return groups.size() < 2 ? "" : groups_text(groups, series_of(b, 1).instructions);
}

std::string disagreement_of(const ComparedSide &side, const std::string &name) {
  if (side.run)
    for (const BenchmarkResult &b : side.run->benchmarks)
      if (b.name == name)
        return disagreement_of(b);
  return "";
}

ComparedSide load_side(const std::string &path) {
  const std::string what = "'" + path + "'";
  json doc = read_json_file(path);
  if (is_results_document(doc)) {
    ComparedSide side{path, {}, results_from_json(doc, what)};
    for (const BenchmarkResult &b : side.run->benchmarks)
      if (Series s = series_of(b, side.run->timer.ticks_per_ns); !s.forks.empty())
        side.series[b.name] = std::move(s);
    return side;
  }
  if (!doc.is_object() || !is_google_benchmark(doc))
    throw std::runtime_error(what + " is neither a steady result file nor Google Benchmark JSON");
  try {
    return {path, google_benchmark_series(doc, what), std::nullopt};
  } catch (const json::exception &e) {
    throw std::runtime_error(what + ": " + json_error_text(e));
  }
}

namespace {

// A name as its base and arguments, each argument with its name when it has
// one: steady's "find/n=64", Google Benchmark's "BM_find/n:64" or
// "BM_find/64" (its run modifiers such as real_time or repeats:5 dropped).
struct NameParts {
  std::string base;
  std::vector<std::pair<std::string, std::string>> args;
};

NameParts name_parts(const std::string &name) {
  NameParts p;
  std::size_t start = 0;
  for (bool first = true;; first = false) {
    std::size_t slash = name.find('/', start);
    std::string part = name.substr(start, slash - start);
    if (first) {
      p.base = part.rfind("BM_", 0) == 0 ? part.substr(3) : part;
    } else {
      static const char *const bare[] = {"real_time", "manual_time", "process_time"};
      static const char *const with_value[] = {"iterations", "repeats", "threads", "min_time", "min_warmup_time"};
      auto in = [](const auto &set, const std::string &k) {
        return std::find(std::begin(set), std::end(set), k) != std::end(set);
      };
      const std::size_t colon = part.find(':');
      const bool modifier = in(bare, part) || (colon != std::string::npos && in(with_value, part.substr(0, colon)));
      if (!modifier) {
        const std::size_t sep = part.find_first_of("=:");
        if (sep == std::string::npos)
          p.args.emplace_back("", part);
        else
          p.args.emplace_back(part.substr(0, sep), part.substr(sep + 1));
      }
    }
    if (slash == std::string::npos)
      break;
    start = slash + 1;
  }
  return p;
}

} // namespace

bool same_benchmark(const std::string &a, const std::string &b) {
  if (a == b)
    return true;
  const NameParts pa = name_parts(a), pb = name_parts(b);
  if (pa.base != pb.base || pa.args.size() != pb.args.size())
    return false;
  for (std::size_t i = 0; i < pa.args.size(); ++i) {
    const auto &[na, va] = pa.args[i];
    const auto &[nb, vb] = pb.args[i];
    if (va != vb || (!na.empty() && !nb.empty() && na != nb))
      return false;
  }
  return true;
}

Row compare_series(const std::string &name, const Series &a, const Series &b, const CompareOptions &o) {
  Row r;
  r.name = name;
  r.result = stats::compare(a, b, o);
  r.instructions = a.instructions;
  r.layout = stats::layout_effect(a, b, o.alpha);
  return r;
}

std::string row_note(const Row &row, const CompareOptions &o) {
  const stats::Comparison &r = row.result;
  std::string note = verdict_note(r, o);
  // The groups of a version whose forks disagree, whatever the verdict.
  for (const auto &[who, groups] : {std::pair{"base", &row.base_groups}, std::pair{"new", &row.new_groups}})
    if (!groups->empty())
      note += fmt::format("{}{} forks disagree: {}", note.empty() ? "" : "; ", who, *groups);
  if (r.states_shared)
    note += fmt::format("{}the forks apart came to both versions in the same rounds (Fisher p = {:.2g}): the "
                        "machine's states, which each round's ratio cancels",
                        note.empty() ? "" : "; ", r.shared_rounds_p);
  if (r.signed_rank)
    note += fmt::format("{}both versions' forks in these groups alike (Fisher p = {:.2g}): the machine's states, "
                        "so the interval is by ranks (Wilcoxon signed-rank)",
                        note.empty() ? "" : "; ", r.groups_alike_p);
  if (row.layout && row.layout->differs)
    note += (note.empty() ? "" : "; ") + layout_effect_text(*row.layout);
  // A verdict on changed code between two runs, against what moved the identical code.
  if (row.machine_move && (r.verdict == stats::Verdict::slower || r.verdict == stats::Verdict::faster))
    note += (note.empty() ? "" : "; ") +
            (row.machine_move->beyond
                 ? fmt::format("{:+.1f} % beyond the machine's move, {:+.1f} % on the rows of identical code",
                               row.machine_move->percent, row.machine_move->move)
                 : fmt::format("within the machine's move, {:+.1f} % on the rows of identical code: not told "
                               "apart from it",
                               row.machine_move->move));
  return note;
}

const char *code_text(const Row &row) {
  return !row.identical_code ? "" : *row.identical_code ? "identical code" : "code differs";
}

std::string layout_effect_text(const stats::LayoutEffect &e) {
  const auto [low, high] = std::minmax_element(e.offsets.begin(), e.offsets.end(),
                                               [](const auto &x, const auto &y) { return x.ratio < y.ratio; });
  std::string each;
  for (const stats::LayoutEffect::Offset &x : e.offsets)
    each += fmt::format("{}{}: {:.4f}", each.empty() ? "" : ", ", x.code, x.ratio);
  return fmt::format("the change's effect depends on the layout: new/base {:.4f}-{:.4f} by code offset ({}; ANOVA "
                     "p = {:.2g}), and the verdict is about their mean",
                     low->ratio, high->ratio, each, e.p_value);
}

json power_json(const stats::Power &p) { return {{"detectable", p.detectable}, {"more_forks", p.more_forks}}; }

const char *metric_name(const Series &s) { return s.instructions ? "instructions" : "time"; }

std::vector<RunChange> run_changes(const std::vector<Row> &rows, const CompareOptions &o) {
  std::vector<RunChange> changes;
  if (!o.pair_rounds)
    for (const Row &row : rows)
      if (!row.instructions)
        changes.push_back({row.name, row.result.verdict, row.identical_code, std::log(row.result.ratio.estimate),
                           stats::log_ratio_se(row.result, o.alpha)});
  return changes;
}

json judge_machine_move(std::vector<Row> &rows, const CompareOptions &o) {
  const std::vector<RunChange> changes = run_changes(rows, o);
  const MachineMove m = machine_move(changes);
  if (m.rows == 0)
    return nullptr;
  json j{{"identical_rows", m.rows},
         {"ratio", std::exp(m.log_ratio)},
         {"spread", std::sqrt(m.inflation)},
         {"text", machine_move_text(changes, o.alpha)}};
  if (m.rows < kMachineMoveRows)
    return j;
  json beyond = json::object(), within = json::array();
  for (const RunChange &c : changes)
    if (c.code_changed()) {
      const std::optional<double> rest = beyond_machine_move(c, m, o.alpha);
      if (rest)
        beyond[c.benchmark] = *rest;
      else
        within.push_back(c.benchmark);
      auto row = std::find_if(rows.begin(), rows.end(), [&](const Row &r) { return r.name == c.benchmark; });
      row->machine_move = Row::MoveJudged{rest.has_value(), rest.value_or(0), 100 * std::expm1(m.log_ratio)};
    }
  j["beyond"] = beyond;
  j["within"] = within;
  return j;
}

bool report(const std::vector<Row> &rows, const CompareOptions &o, const std::string &tool, const json &header) {
  bool show_forks = !rows.empty() && rows.front().forks.has_value();
  // Which metric a verdict is about, when any is not time.
  const bool show_metric = std::any_of(rows.begin(), rows.end(), [](const Row &r) { return r.instructions; });
  auto metric = [](const Row &r) { return r.instructions ? "instr/op" : "ns/op"; };
  // The level the user asked for (99 % unless --alpha says otherwise): steady
  // ab's intervals are each at alpha / looks, and it says so once below its table.
  const std::string level = fmt::format("{:g}", 100 * (1 - o.alpha * o.looks));
  fmt::print("{:<34} {:>8} {:>19} {:>9} {:>9} {:>8} {:>7} {:>6}{}{}  {}\n", "benchmark", "new/base", level + "% CI",
             "welch p", "mwu p", "overlap", "d", "delta", show_forks ? fmt::format(" {:>9}", "forks a/b") : "",
             show_metric ? fmt::format(" {:>8}", "metric") : "", "verdict");
  std::string md =
      fmt::format("| benchmark | new/base | {} % CI | Welch p | MWU p | CIs overlap | Cohen's d | Cliff's δ "
                  "|{}{} verdict |\n|---|---:|---|---:|---:|---|---:|---:|{}{}---|\n",
                  level, show_forks ? " forks (base/new) |" : "", show_metric ? " metric |" : "",
                  show_forks ? "---:|" : "", show_metric ? "---|" : "");
  json out = json::array();
  bool gate = false;
  for (const Row &row : rows) {
    const stats::Comparison &r = row.result;
    const std::string note = row_note(row, o);
    const char *code = code_text(row);
    std::string verdict =
        to_string(r.verdict) + (*code ? std::string(", ") + code : "") + (note.empty() ? "" : " (" + note + ")");
    std::string forks = row.forks ? fmt::format("{}/{}", row.forks->first, row.forks->second) : "";
    // A statistic one fork a side cannot give is "-", not nan.
    auto num = [](double v, const char *spec) { return std::isfinite(v) ? fmt::format(fmt::runtime(spec), v) : "-"; };
    fmt::print("{:<34} {:>8} {:>19} {:>9} {:>9} {:>8} {:>7} {:>6}{}{}  {}\n", row.name, num(r.ratio.estimate, "{:.4f}"),
               std::isfinite(r.ratio.low) ? fmt::format("[{:.4f}, {:.4f}]", r.ratio.low, r.ratio.high) : "-",
               num(r.welch_p, "{:.2g}"), num(r.mwu_p, "{:.2g}"), r.overlap ? "yes" : "no", num(r.cohens_d, "{:.2f}"),
               num(r.cliffs_delta, "{:.2f}"), show_forks ? fmt::format(" {:>9}", forks) : "",
               show_metric ? fmt::format(" {:>8}", metric(row)) : "", verdict);
    md += fmt::format("| {} | {:.4f} | [{:.4f}, {:.4f}] | {:.2g} | {:.2g} | {} | {:.2f} | {:.2f} |{}{} {} |\n",
                      row.name, r.ratio.estimate, r.ratio.low, r.ratio.high, r.welch_p, r.mwu_p,
                      r.overlap ? "yes" : "no", r.cohens_d, r.cliffs_delta, show_forks ? " " + forks + " |" : "",
                      show_metric ? fmt::format(" {} |", metric(row)) : "", verdict);
    json j = {{"benchmark", row.name},
              {"ratio", r.ratio.estimate},
              {"ci", {r.ratio.low, r.ratio.high}},
              {"welch_p", r.welch_p},
              {"mann_whitney_p", r.mwu_p},
              {"ci_overlap", r.overlap},
              {"cohens_d", r.cohens_d},
              {"cliffs_delta", r.cliffs_delta},
              {"verdict", to_string(r.verdict)},
              {"note", note},
              {"metric", row.instructions ? "instructions" : "time"}};
    if (row.forks)
      j["forks"] = {row.forks->first, row.forks->second};
    j["interval"] = stats::interval_kind(r);
    if (r.pairs > 0)
      j["pairs"] = r.pairs;
    if (std::isfinite(r.groups_alike_p))
      j["groups_alike_p"] = r.groups_alike_p;
    if (std::isfinite(r.shared_rounds_p)) {
      j["shared_rounds_p"] = r.shared_rounds_p;
      j["states_shared"] = r.states_shared;
    }
    if (r.power)
      j["power"] = power_json(*r.power);
    if (r.noise_floor) {
      j["noise_floor"] = *r.noise_floor;
      j["same_at_floor"] = r.same_at_floor;
      j["ranks_differ_at_floor"] = r.ranks_differ_at_floor;
    }
    if (r.count_margin) {
      j["count_margin"] = *r.count_margin;
      j["count_layout_margin"] = r.count_layout_margin;
      j["exact"] = r.exact;
    }
    if (row.identical_code)
      j["code"] = *row.identical_code ? "identical" : "differs";
    if (!row.base_groups.empty())
      j["forks_disagree"]["base"] = row.base_groups;
    if (!row.new_groups.empty())
      j["forks_disagree"]["new"] = row.new_groups;
    if (row.layout) {
      json offsets = json::array();
      for (const stats::LayoutEffect::Offset &x : row.layout->offsets)
        offsets.push_back(x.rounds ? json{{"code", x.code}, {"ratio", x.ratio}, {"rounds", x.rounds}}
                                   : json{{"code", x.code}, {"ratio", x.ratio}, {"forks", x.forks}});
      j["layout_effect"] = {{"offsets", offsets}, {"p", row.layout->p_value}, {"differs", row.layout->differs}};
    }
    if (!row.cause_json.is_null())
      j["cause"] = row.cause_json;
    out.push_back(std::move(j));
    if (o.fail_on_slowdown >= 0 && r.ratio.low > 1 + o.fail_on_slowdown) {
      gate = true;
      // The gate holds to the measurement; what else the comparison knows helps whoever reads the failure.
      std::string known;
      if (row.identical_code == true)
        known = "; the same machine code on both sides: not a change of the code";
      else if (row.machine_move && !row.machine_move->beyond)
        known =
            fmt::format("; within the machine's move, {:+.1f} % on the rows of identical code", row.machine_move->move);
      fmt::print(stderr, "{}: {} is slower by more than {:.1f} % ({} % CI of new/base [{:.4f}, {:.4f}]{})\n", tool,
                 row.name, 100 * o.fail_on_slowdown, level, r.ratio.low, r.ratio.high, known);
    }
  }
  // Which interval the CI column holds when it is not Welch's.
  const auto paired = std::count_if(rows.begin(), rows.end(), [](const Row &r) { return r.result.pairs > 0; });
  if (paired > 0) {
    const std::string line = fmt::format(
        "CI paired by round{}: over each steady ab round's new/base ratio of its two forks (run together), so "
        "that the machine's drift between rounds cancels{}\n",
        paired == long(rows.size()) ? "" : fmt::format(" in {} of {} rows", paired, rows.size()),
        std::any_of(rows.begin(), rows.end(), [](const Row &r) { return r.result.signed_rank; })
            ? " (by ranks: the Hodges-Lehmann estimate and Wilcoxon's signed-rank interval of those ratios)"
            : "");
    fmt::print("{}", line);
    md += "\n" + line;
  }
  // Two separate runs: how far the machine moved between them (compare.cpp).
  if (auto m = header.find("machine_move"); m != header.end())
    if (const std::string text = m->at("text"); !text.empty()) {
      fmt::print("{}", text);
      md += "\n" + text;
    }
  if (auto m = header.find("machines_differ"); m != header.end())
    md += fmt::format("\nRecorded on different machines ({}): a difference is the machines' as much as the code's.\n",
                      m->get<std::string>());
  // The root causes under the table: what explains each slower or faster row.
  std::string causes;
  for (const Row &row : rows)
    if (!row.cause.empty()) {
      causes += fmt::format("\n{} ({}), root cause measured: {}\n", row.name, to_string(row.result.verdict),
                            row.cause.front());
      for (std::size_t i = 1; i < row.cause.size(); ++i)
        causes += "  " + row.cause[i] + "\n";
    }
  if (!causes.empty()) {
    fmt::print("{}", causes);
    md += "\n### Root cause, measured\n```" + causes + "```\n";
  }
  // Both outputs are tried; the first failure is thrown. A FIFO nobody read
  // (steady ab interrupted while waiting) leaves the text in a kept file.
  std::exception_ptr failed;
  auto write = [&](const std::string &path, const char *extension, const std::string &text) {
    try {
      write_or_keep(path, extension,
                    [&](const std::string &to) { write_output(to, [&](std::ostream &f) { f << text; }); });
    } catch (const std::exception &) {
      if (!failed)
        failed = std::current_exception();
    }
  };
  if (!o.json_out.empty()) {
    json doc = header;
    doc["benchmarks"] = out;
    write(o.json_out, ".json", doc.dump(2) + "\n");
  }
  if (!o.markdown_out.empty())
    write(o.markdown_out, ".md", md);
  if (failed)
    std::rethrow_exception(failed);
  return gate;
}

} // namespace steady::driver
