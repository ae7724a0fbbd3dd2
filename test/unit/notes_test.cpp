// The typed notes (model/src/notes.cpp): what each fact of a result makes,
// in which order, with which words; the wording strings here are the table's
// as it printed them before the notes were typed.
#include <algorithm>
#include <set>

#include <gtest/gtest.h>

#include "steady/notes.h"

namespace steady {
namespace {

std::vector<std::string> texts(const std::vector<Note> &notes) {
  std::vector<std::string> out;
  for (const Note &n : notes)
    out.push_back(text(n));
  return out;
}

BenchmarkResult clean() {
  BenchmarkResult b;
  b.name = "x";
  b.protected_by_plugin = true;
  b.summary.iterations = 10;
  b.summary.forks_used = 3;
  b.summary.ci_over = CiOver::forks;
  b.summary.batches_run = 1000;
  return b;
}

ForkResult fork_with_warmup(int n) {
  ForkResult f;
  f.iterations.resize(std::size_t(n) + 1);
  for (int i = 0; i < n; ++i)
    f.iterations[std::size_t(i)].warmup = true;
  return f;
}

TEST(Notes, EveryKindHasANameASeverityAndWords) {
  std::set<std::string> names;
  for (int k = 0; k <= int(NoteKind::forks_disagree); ++k) {
    Note n{NoteKind(k)};
    n.name = "nm";
    EXPECT_TRUE(names.insert(to_string(n.kind)).second) << to_string(n.kind);
    EXPECT_FALSE(text(n).empty());
  }
  EXPECT_EQ(names.size(), std::size_t(NoteKind::forks_disagree) + 1);
  EXPECT_EQ(severity(NoteKind::measures_nothing), Severity::wrong);
  EXPECT_EQ(severity(NoteKind::unstable), Severity::doubtful);
  EXPECT_EQ(severity(NoteKind::stopped), Severity::info);
  EXPECT_STREQ(to_string(Severity::wrong), "wrong");
}

// Batches preempted and re-run are not in the number: the row is not in
// doubt for them (an idle run of snappy's suite re-ran 1-17 batches on 36 of
// 57 rows, its forks' means uncorrelated with their share). Shots kept
// preempted are in the number.
TEST(Notes, BatchesReRunAreInformationShotsKeptAreDoubtful) {
  EXPECT_EQ(severity(NoteKind::preempted), Severity::info);
  EXPECT_EQ(severity(NoteKind::preempted_kept), Severity::doubtful);
  EXPECT_EQ(severity(NoteKind::untrustworthy), Severity::wrong);
}

TEST(Notes, ACleanStaticResultHasNone) {
  RunResult run;
  BenchmarkResult b = clean();
  b.stop.criterion = "none";
  b.stop.reason = "static configuration";
  EXPECT_TRUE(notes_of(run, b).empty());
}

TEST(Notes, ASingleShotTestSaysItsRunsPerFork) {
  RunResult run;
  BenchmarkResult b = clean();
  b.single_shot = true;
  b.forks.push_back(fork_with_warmup(1)); // 1 warmup run, then 1 measured
  b.forks.back().iterations.emplace_back();
  b.forks.back().iterations.emplace_back(); // 3 measured
  EXPECT_EQ(texts(notes_of(run, b)), std::vector<std::string>{"single shot (one invocation is longer than an "
                                                              "iteration): 1 warmup and 3 measured run(s) per fork"});
  run.config.mode = Mode::SingleShot; // the whole run is single shot: nothing to say
  EXPECT_TRUE(notes_of(run, b).empty());
}

TEST(Notes, InTheOrderAReaderNeedsThem) {
  RunResult run;
  BenchmarkResult b = clean();
  b.protected_by_plugin = false;
  b.flags = {"measures-nothing", "first-invocation-slow", "new-flag"};
  b.first_invocation_ratio = 12.4;
  b.compile_findings = {{"folded", "f"},  {"deleted", "d"},  {"hoisted", "h"}, {"mutated", "m"},
                        {"literal", "l"}, {"restarts", "r"}, {"odd", "o"}};
  b.stop = {"rciw", false, "max forks (5) reached", {{"rciw", 0.031234}}};
  b.forks = {fork_with_warmup(5), fork_with_warmup(7)};
  b.summary.forks_failed = 2;
  b.summary.ci_over = CiOver::iterations;
  b.summary.preempted = 10; // 1 %: busy
  b.summary.migrated = true;
  b.summary.multiplexed = true;
  const std::vector<std::string> want = {
      "not protected by the plugin",
      "MEASURES NOTHING: indistinguishable from the empty loop (its work is gone, or cheaper than half a cycle per "
      "op)",
      "first invocation 12x slower than the steady state: the payload changes its own input (sorting sorted data) "
      "or keeps a cache warm; restore it with reset() or setup_invocation()",
      "new-flag",
      "folded at compile time: f",
      "work deleted at compile time: d",
      "hoisted at compile time: h",
      "mutated input: m",
      "literal folded at compile time: l",
      "restarts at the same place: r",
      "odd: o",
      "UNSTABLE: max forks (5) reached; warmup 5,7; rciw 0.03123",
      "2 fork(s) failed",
      "one fork: CI over iterations",
      "1.0 % of batches preempted, re-run",
      "CPU migration seen",
      "counters multiplexed: scaled by time enabled/running"};
  std::vector<Note> notes = notes_of(run, b);
  EXPECT_EQ(texts(notes), want);
  // The facts are fields, not only words.
  EXPECT_EQ(notes[2].kind, NoteKind::first_invocation_slow);
  EXPECT_DOUBLE_EQ(notes[2].value, 12.4);
  EXPECT_EQ(notes[11].kind, NoteKind::unstable);
  EXPECT_EQ(notes[11].warmups, (std::vector<int>{5, 7}));
  EXPECT_EQ(notes[12].count, 2);
  EXPECT_DOUBLE_EQ(notes[14].value, 0.01);
}

TEST(Notes, AStableDynamicStopIsInformation) {
  RunResult run;
  BenchmarkResult b = clean();
  b.stop = {"cv", true, "stable after 2 forks", {}};
  b.forks = {fork_with_warmup(6), fork_with_warmup(5)};
  std::vector<Note> notes = notes_of(run, b);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].kind, NoteKind::stopped);
  EXPECT_EQ(severity(notes[0].kind), Severity::info);
  EXPECT_EQ(text(notes[0]), "stable after 2 forks; warmup 6,5");
  EXPECT_EQ(stop_text(b.stop), "stable after 2 forks");
  b.stop.stable = false;
  EXPECT_EQ(stop_text(b.stop), "UNSTABLE: stable after 2 forks");
}

// --stop=precision: a stop short of the target is WIDE with the target, not
// UNSTABLE; one that reached it with a warmup unsettled stays UNSTABLE; many
// forks' warmups are given as their range.
TEST(Notes, APrecisionStopShortOfItsTargetIsWide) {
  RunResult run;
  run.config.precision = 0.02;
  BenchmarkResult b = clean();
  b.stop = {"precision", false, "±3.4 % after 12 forks: budget spent", {}, 0.034};
  for (int w : {6, 7, 6, 9, 6, 6})
    b.forks.push_back(fork_with_warmup(w));
  std::vector<Note> notes = notes_of(run, b);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].kind, NoteKind::imprecise);
  EXPECT_EQ(severity(notes[0].kind), Severity::doubtful);
  EXPECT_EQ(text(notes[0]), "WIDE (target ±2 %): ±3.4 % after 12 forks: budget spent; warmup 6-9");
  EXPECT_EQ(stop_text(b.stop, 0.02), "WIDE: ±3.4 % after 12 forks: budget spent");
  b.stop = {"precision", false, "±1.8 % after 9 forks, but the warmup of fork 2 did not settle", {}, 0.018};
  EXPECT_EQ(notes_of(run, b).at(0).kind, NoteKind::unstable);
  EXPECT_EQ(stop_text(b.stop, 0.02), "UNSTABLE: ±1.8 % after 9 forks, but the warmup of fork 2 did not settle");
  b.stop = {"precision", true, "±1.8 % after 9 forks", {}, 0.018};
  EXPECT_EQ(notes_of(run, b).at(0).kind, NoteKind::stopped);
}

TEST(Notes, PreemptionBelowTheBusyShareIsNotANote) {
  RunResult run;
  BenchmarkResult b = clean();
  b.summary.preempted = 9; // 0.9 %
  EXPECT_TRUE(notes_of(run, b).empty());
  // A bound hit says more than any share, and replaces it.
  b.summary.preempted = 500;
  b.summary.bound_hit = 3;
  EXPECT_EQ(texts(notes_of(run, b)),
            std::vector<std::string>{"NOT TRUSTWORTHY: every batch of 3 iteration(s) was preempted"});
}

TEST(Notes, KeptShotsOnlyInSingleShotMode) {
  RunResult run;
  BenchmarkResult b = clean();
  b.summary.preempted_kept = 4;
  EXPECT_TRUE(notes_of(run, b).empty());
  run.config.mode = Mode::SingleShot;
  EXPECT_EQ(texts(notes_of(run, b)),
            std::vector<std::string>{"4 of 1000 shots preempted, kept (a single shot is not re-run)"});
}

// steady gtest's long tests run single shot in a run of any mode: their
// preempted shots are kept, so the row never says they were re-run.
TEST(Notes, ALongTestsPreemptedShotsAreKeptNotReRun) {
  RunResult run;
  BenchmarkResult b = clean();
  b.single_shot = true;
  b.summary.batches_run = 12;
  b.summary.preempted = b.summary.preempted_kept = 12;
  EXPECT_EQ(texts(notes_of(run, b)),
            (std::vector<std::string>{"single shot (one invocation is longer than an iteration)",
                                      "12 of 12 shots preempted, kept (a single shot is not re-run)"}));
}

TEST(Notes, AnUnscheduledGroupSaysMoreThanMultiplexing) {
  RunResult run;
  BenchmarkResult b = clean();
  b.summary.multiplexed = b.summary.unscheduled = true;
  EXPECT_EQ(texts(notes_of(run, b)), std::vector<std::string>{"a counter group never ran: its values are 0"});
}

TEST(Notes, SteadyStateVerdict) {
  stats::BenchmarkSteadyState s;
  s.stability = stats::BenchmarkStability::stable;
  s.steady_forks = s.forks = 3;
  EXPECT_TRUE(steady_state_note(s).empty());
  s.stability = stats::BenchmarkStability::mixed;
  s.steady_forks = 2;
  std::vector<Note> n = steady_state_note(s);
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(text(n[0]), "mixed: 2 of 3 forks steady");
  EXPECT_EQ(severity(n[0].kind), Severity::doubtful);
}

TEST(Notes, ANotMeasuredOrFailedTestSaysOnlyThat) {
  RunResult run;
  BenchmarkResult skipped;
  skipped.not_measured = "skipped: not here";
  std::vector<Note> n = notes_of(run, skipped);
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(text(n[0]), "not measured: skipped: not here");
  BenchmarkResult failed;
  failed.stop.reason = kNotMeasured;
  failed.forks.emplace_back().status = ForkStatus::error;
  failed.forks[0].error = "a.cpp:3: Expected equality";
  failed.summary.forks_failed = 1;
  n = notes_of(run, failed);
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(text(n[0]), "FAILED: a.cpp:3: Expected equality");
  EXPECT_EQ(severity(n[0].kind), Severity::wrong);
}

// A measured fork at code offset `code` whose one iteration's batch reads
// `ticks` per op (at 1 tick per ns) and whose iteration reads `ns` per op: the
// same, unless the fork timed with its own calibration (as every fork did in
// files before 2026-11-26).
ForkResult laid_out(int code, double ticks, double ns = 0) {
  ForkResult f;
  f.layout = ForkLayout{code, 0, 0};
  Iteration it;
  it.ops = 100;
  it.ticks_per_op = ticks;
  it.ns_per_op = ns > 0 ? ns : ticks;
  it.batches = {{ticks, 100}};
  f.iterations = {it};
  return f;
}

// A result of forks {code offset, ticks/op[, ns/op]} summarized as the runner does.
BenchmarkResult laid_out(const std::vector<std::vector<double>> &forks) {
  BenchmarkResult b = clean();
  for (const std::vector<double> &f : forks)
    b.forks.push_back(laid_out(int(f[0]), f[1], f.size() > 2 ? f[2] : 0));
  b.summary = summarize(b.forks, 0, 1.0, 1);
  return b;
}

TEST(Notes, LayoutSensitiveWhenOffsetsDifferBeyondForkNoise) {
  BenchmarkResult b = laid_out({{0, 152}, {0, 153.5}, {32, 180}, {32, 178.6}, {32, 181.2}, {48, 152.8}, {48, 151.9}});
  ASSERT_TRUE(b.summary.layout_sensitive);
  std::vector<Note> n = layout_note(b.summary);
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(text(n[0]), "layout-sensitive: fork means 152.4-179.9 ns by code offset (0: 152.8, 32: 179.9, 48: 152.4)");
  EXPECT_EQ(severity(n[0].kind), Severity::doubtful);
  const std::vector<std::string> all = texts(notes_of(RunResult{}, b));
  EXPECT_EQ(std::count(all.begin(), all.end(), text(n[0])), 1);
}

// The row's note and the JSON's layout_sensitive are one decision (the
// summary's): forks whose iterations read ns/op by their own calibration
// (older files) once made the note decide on other fork means than the
// layout interval, and say nothing of offsets the JSON called sensitive.
TEST(Notes, TheLayoutNoteIsTheSummarysDecision) {
  BenchmarkResult b = laid_out({{0, 100, 105.3}, {0, 101, 96.2}, {16, 110, 100}, {16, 111, 111}});
  ASSERT_TRUE(b.summary.layout_sensitive);
  const std::vector<std::string> all = texts(notes_of(RunResult{}, b));
  EXPECT_EQ(std::count(all.begin(), all.end(),
                       "layout-sensitive: fork means 100.5-110.5 ns by code offset (0: 100.5, 16: 110.5)"),
            1);
  b.summary.layout_sensitive = false; // the summary's decision, whatever the forks' iterations read
  EXPECT_TRUE(layout_note(b.summary).empty());
}

TEST(Notes, TheLayoutIntervalOnEveryRandomRow) {
  Summary s;
  EXPECT_TRUE(layout_interval_note(s).empty()); // pinned: no offsets
  s.layout_offsets.resize(4);
  s.layout_low = 139.23;
  s.layout_high = 217.81;
  s.layout_sensitive = true;
  std::vector<Note> n = layout_interval_note(s);
  ASSERT_EQ(n.size(), 1u);
  EXPECT_EQ(text(n[0]), "by layout 139.2-217.8 ns (99 %, 4 code offsets)");
  EXPECT_EQ(severity(n[0].kind), Severity::info);
  s.layout_sensitive = false;
  EXPECT_EQ(text(layout_interval_note(s).at(0)), "by layout 139.2-217.8 ns (99 %, 4 code offsets agree)");
}

TEST(Notes, TheLayoutIntervalNamesTheOffsetWhoseForksSpreadMost) {
  Summary s;
  s.layout_offsets = {{0, 8, 57.0, 56.5, 57.5}, {16, 8, 57.2, 56.6, 57.8}, {48, 8, 64.0, 58.2, 69.8}};
  s.layout_low = 56.5;
  s.layout_high = 69.8;
  s.layout_sensitive = true;
  s.layout_spreads_differ = true;
  EXPECT_EQ(text(layout_interval_note(s).at(0)),
            "by layout 56.5-69.8 ns (99 %, 3 code offsets; at code offset 48 the forks spread most: its mean "
            "±9.1 %)");
}

TEST(Notes, NoLayoutNoteWithinForkNoiseOrWithoutReplicates) {
  // Offsets that differ no more than forks of one offset do.
  BenchmarkResult noise =
      laid_out({{0, 150}, {0, 156}, {16, 151}, {16, 157}, {32, 153}, {32, 150}, {48, 155}, {48, 152}});
  EXPECT_TRUE(layout_note(noise.summary).empty());
  // One fork per offset: nothing says what a fork's noise is.
  EXPECT_TRUE(layout_note(laid_out({{0, 152}, {16, 180}, {32, 152}, {48, 181}}).summary).empty());
  BenchmarkResult pinned = clean(); // no layouts recorded
  for (double ns : {152.0, 153.0, 180.0, 181.0})
    pinned.forks.push_back(laid_out(0, ns));
  for (ForkResult &f : pinned.forks)
    f.layout.reset();
  pinned.summary = summarize(pinned.forks, 0, 1.0, 1);
  EXPECT_TRUE(layout_note(pinned.summary).empty());
}

} // namespace
} // namespace steady
