// What is wrong with a benchmark's number, decided once: typed notes from a
// result (its findings, run-time flags, stop, summary), each with the facts
// it states as fields and one wording. The runner's table and Markdown, the
// report page, and steady slurm's table render these; none decides again.
//
// Adding a kind: its enumerator below, then one place in notes.cpp: its row
// in the kinds table (name, severity, source) and its case in text(). A kind
// whose source is a run-time flag (runtime/src/flags.cpp) or a compile-time
// finding of that name needs nothing else; a kind notes_of decides gets its
// condition there (or, from an analysis the model does not run, a function
// here like steady_state_note).
#pragma once

#include <string>
#include <vector>

#include "steady/results.h"
#include "steady/steady_state.h"

namespace steady {

enum class NoteKind {
  trial_failed,          // its trial run failed (steady gtest: a failing test): message = the failure
  single_shot,           // measured single shot whatever the run's mode (a test longer than an iteration):
                         // count warmup and `of` measured runs in its first measured fork (0: none measured)
  unprotected,           // the payload was not compiled with the plugin
  measures_nothing,      // run-time flag: indistinguishable from the empty loop
  first_invocation_slow, // run-time flag: value = first invocation / steady state
  other_flag,            // a run-time flag this build has no words for: name
  folded,                // compile-time findings: message
  deleted,
  hoisted,
  mutated,
  literal,              // a literal operand folded into the code (a divisor, a multiplier's power): message
  restarts,             // a pointer chase restarting at the same place every invocation: message
  other_finding,        // a finding this build has no words for: name, message
  stopped,              // a dynamic stop, stable: message = reason, warmups, criterion
  unstable,             // ... ran to its maximum unsettled (same facts)
  imprecise,            // --stop=precision, the target not reached: same facts, value = the target
  forks_failed,         // count
  not_measured,         // listed and not measured (Threads(2), skipped): message = why
  ignored,              // what it asked for and steady does not apply: message = the list
  label,                // a Google Benchmark function's SetLabel: message
  user_counters,        // its counters (not items/bytes per second): message = "name=value, ..."
  ci_over_iterations,   // one fork measured: the CI is over its iterations
  not_steady,           // steady-state analysis: name = stability, count of `of` forks steady
  untrustworthy,        // count iterations without a batch free of preemption
  preempted,            // value = share of batches preempted (and re-run)
  preempted_kept,       // single shot (the run's mode or a long test's): count preempted shots kept of `of`
  migrated,             // the thread changed CPU during an iteration
  counters_unscheduled, // a counter group never ran
  counters_multiplexed, // counters scaled by time enabled / running
  layout_sensitive,     // --layout=random: fork means differ by code offset beyond fork noise: value = lowest
                        // and high = highest offset's mean (ns), message = each offset's mean
  layout_interval,      // --layout=random: the summary's layout interval (value, high: ns), count = code offsets,
                        // name = "agree" when the offsets' means do not differ beyond fork noise
  forks_disagree,       // fork means in groups: groups, name = unit ("ns", "instructions"), cause (value: its share)
};

// What steady can tell of why forks disagree, from what each fork recorded
// (model/src/disagreement.cpp), in the order it is asked.
enum class DisagreeCause {
  work,      // instructions per op differ (exact counts, or counted: 1 %): other work in some processes
  nodes,     // each Slurm node's forks fall in one group
  preempted, // every fork of the slower groups had value = this share of batches preempted, twice the others'
  run_order, // the groups follow one another in run order: the machine changed during the run
  placement, // the groups interleave in run order: per-process placement (ASLR, heap), not the moment
};

// How much the note says about the number: `wrong` (it is not what the
// benchmark means to measure), `doubtful` (it may be off, or move on a
// re-run), `info` (how it was obtained).
enum class Severity { wrong, doubtful, info };

struct Note {
  explicit Note(NoteKind k) : kind(k) {}
  NoteKind kind;
  // The facts the wording states; which ones a kind uses is said at the kind.
  std::string name, message;
  int count = 0, of = 0;
  double value = 0, high = 0;
  std::vector<int> warmups; // each fork's warmup iterations
  CriterionValues criterion;
  std::vector<ForkGroup> groups;
  DisagreeCause cause = DisagreeCause::placement;
};

// The JSON names ("measures-nothing", ...) and severities ("wrong", ...).
const char *to_string(NoteKind k);
const char *to_string(Severity s);
Severity severity(NoteKind k);
// The one wording of a note.
std::string text(const Note &n);

// Below this share of preempted batches the machine is not called busy.
inline constexpr double kBusyShare = 0.01;
double preempted_share(const Summary &s);

// A benchmark's notes in the order a reader needs them: first what says the
// number is not what the benchmark means to measure, then how it stopped,
// then the machine's interference. `run` gives the mode.
std::vector<Note> notes_of(const RunResult &run, const BenchmarkResult &b);

// --layout=random: the note when the fork means of the code offsets differ
// beyond fork noise (Summary::layout_sensitive, decided once in
// model/src/summary.cpp on the fork means its layout interval is over), with
// each offset's mean (Summary::layout_offsets); nothing otherwise.
std::vector<Note> layout_note(const Summary &s);
// --layout=random: the range the result takes by code offset (Summary::
// layout_interval), on every row that has one; nothing otherwise.
std::vector<Note> layout_interval_note(const Summary &s);

// The forks_disagree note of a benchmark whose summary has fork groups, with
// its cause (`run` gives the counters' names).
Note disagreement_note(const RunResult &run, const BenchmarkResult &b);

// "3 near 230.4 ns, 2 near 829.6 ns", "7 near 100.0 ns, 1 at 130.0 ns (fork 5)":
// the groups as the forks_disagree note words them (centers in instructions/op
// when `instructions`).
std::string groups_text(const std::vector<ForkGroup> &groups, bool instructions);

// "UNSTABLE: max forks (5) reached", "WIDE: ±3.4 % after 12 forks: budget
// spent" (wider than `precision`), "stable after 2 forks", "static
// configuration": how the forks stopped, for a column of its own.
std::string stop_text(const StopResult &s, double precision = 0);
// --stop=precision, and the forks stopped with the interval wider than `precision` (the run's --precision).
bool wide(const StopResult &s, double precision);

// The steady-state analysis's verdict on a benchmark (steady analyze):
// nothing when every analyzed fork is steady.
std::vector<Note> steady_state_note(const stats::BenchmarkSteadyState &s);

} // namespace steady
