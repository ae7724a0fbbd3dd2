// The comparison as `steady compare` and `steady ab` present it: reading the
// two versions' series (steady results or Google Benchmark JSON), and the
// table, Markdown, JSON and gate of the decisions (the decision itself:
// steady/comparison.h).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "steady/comparison.h"
#include "steady/machine_move.h"
#include "steady/results.h"

namespace steady::driver {

using stats::Series;

struct CompareOptions : stats::ComparisonOptions {
  double fail_on_slowdown = -1; // a fraction; < 0: no gate
  std::string json_out, markdown_out;
  std::string html_out; // the report page (report.h)
  // steady ab tests each of its looks at alpha / looks (Bonferroni), so its
  // verdicts hold at 1 - alpha * looks overall: the level the user asked for,
  // and the one the table states.
  int looks = 1;
};

// "2%" -> 0.02, "0.02" -> 0.02; throws std::invalid_argument.
double parse_fraction(const std::string &s);

// One version of a comparison: its series by benchmark, and its results
// when it is a steady result file (Google Benchmark JSON has none).
struct ComparedSide {
  std::string label;
  std::map<std::string, Series> series;
  std::optional<RunResult> run;
};

// Steady results (schema steady-results/1) or Google Benchmark JSON, read
// once, labelled by its path. Throws std::runtime_error naming the file.
ComparedSide load_side(const std::string &path);

// Whether the two files are the A and B side files of one steady ab run
// (--json-a/--json-b): then their forks pair by round.
bool sides_of_one_ab_run(const ComparedSide &a, const ComparedSide &b);

// The groups of a benchmark's forks in words when they disagree, else "".
std::string disagreement_of(const BenchmarkResult &b);
std::string disagreement_of(const ComparedSide &side, const std::string &name);
// The fingerprint of a steady result file's benchmark, if it carries one.
std::optional<CodeIdentity> code_of(const ComparedSide &side, const std::string &name);

// Whether two names are one benchmark: equal, or equal base names (a "BM_"
// prefix dropped) with the same argument values in order, where Google
// Benchmark's "find/64", "find/n:64" and steady's "find/n=64" agree (argument
// names, when both sides give one, must agree too). Google Benchmark's run
// modifiers (real_time, iterations:N, repeats:N, threads:N, min_time:X, ...)
// are not arguments.
bool same_benchmark(const std::string &a, const std::string &b);

struct Row {
  std::string name;
  stats::Comparison result;
  std::optional<std::pair<int, int>> forks; // forks used per version, when the table shows them
  bool instructions = false;                // the ratio is of instructions per op, not time
  std::optional<bool> identical_code;       // both versions' fingerprints, when both have one
  // A version's fork groups in words when its forks disagree ("3 near 230.4 ns, 2 near 829.6 ns"), else "".
  std::string base_groups, new_groups;
  // steady ab with --layout=random: the ratio at each code offset (stats::layout_effect).
  std::optional<stats::LayoutEffect> layout;
  // steady compare of two separate runs, a row whose code changed, with 10
  // rows of identical code or more (judge_machine_move): whether its change
  // lies beyond the machine's move at alpha, by how much (percent, the change
  // less the move), and the move (percent).
  struct MoveJudged {
    bool beyond = false;
    double percent = 0, move = 0;
  };
  std::optional<MoveJudged> machine_move;
  // steady ab --cause, for a slower or faster verdict: the measured root
  // cause as steady cause prints it (headline first) and its steady-cause/1
  // entry, or one line and {"problem": ...} when it could not be measured.
  std::vector<std::string> cause;
  nlohmann::json cause_json;
};

// Both series must measure the same metric (metric_name).
Row compare_series(const std::string &name, const Series &base, const Series &next, const CompareOptions &o);
// "instructions" (--instrument=valgrind) or "time".
const char *metric_name(const Series &s);

using stats::to_string;

// The note after an undecided verdict (what the data can detect now), or
// why there is no verdict; "" for a decided one.
std::string verdict_note(const stats::Comparison &c, const CompareOptions &o);
// Everything the table says after a row's verdict: verdict_note, then each
// version's fork groups, the machine's states, the layout's effect.
std::string row_note(const Row &row, const CompareOptions &o);
// Whether the same instructions ran on both sides ("identical code", "code
// differs"; "" without both fingerprints): a difference between identical
// code is the machine's or the layout's, not the change's.
const char *code_text(const Row &row);
// "the change's effect depends on the layout: new/base 0.9671-1.0262 by code offset (0: 1.0012, ...; ANOVA p = ...)".
std::string layout_effect_text(const stats::LayoutEffect &e);
// The power numbers as fields: {"detectable": 0.116, "more_forks": 30}.
nlohmann::json power_json(const stats::Power &p);

// The rows as two separate runs' changes (steady/machine_move.h); none when
// the rows pair by round (one ab run: the drift cancels). Counts of
// instructions have no machine to move and are left out.
std::vector<RunChange> run_changes(const std::vector<Row> &rows, const CompareOptions &o);
// Judges the rows whose code changed against the machine's move between the
// two runs (Row::machine_move) and returns it as compare's JSON has it
// ({"identical_rows", "ratio", "spread", "beyond", "within", "text"}); null
// without a row of identical code.
nlohmann::json judge_machine_move(std::vector<Row> &rows, const CompareOptions &o);

// Prints the table, writes --json/--markdown and reports slowdowns beyond the
// gate on stderr (prefixed by `tool`); returns true when the gate trips.
// Throws std::runtime_error when an output cannot be written.
bool report(const std::vector<Row> &rows, const CompareOptions &o, const std::string &tool,
            const nlohmann::json &header);

} // namespace steady::driver
