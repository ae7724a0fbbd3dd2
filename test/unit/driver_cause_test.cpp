// Root cause (driver/cause.h, driver/callgrind_profile.h) on hand-written
// callgrind dumps: exclusive and inclusive counts per function under name
// compression, relative positions, inlined files and recursion; the diff per
// op, its order, and where it disagrees with the changed functions.
#include <sstream>

#include <gtest/gtest.h>

#include "callgrind_profile.h"
#include "cause.h"

namespace steady::driver {
namespace {

CallgrindProfile parsed(const std::string &text) {
  std::istringstream in(text);
  std::string error;
  CallgrindProfile p = parse_callgrind_profile(in, error);
  EXPECT_EQ(error, "");
  return p;
}

// main calls f twice (30 instructions with f's own); f runs 3 instructions
// inlined from b.h and calls itself (7, already f's own).
const std::string kDump = "version: 1\npositions: line\nevents: Ir Dr\n"
                          "fl=(1) a.c\nfn=(1) main\n10 5 1\ncfl=(1)\ncfn=(2) f(int)\ncalls=2 20\n+1 30 4\n"
                          "fn=(2)\n20 10 2\nfi=(2) b.h\n5 3\nfe=(1)\n+16 2\ncfn=(2)\ncalls=1 20\n* 7\n";

TEST(CallgrindProfile, ExclusiveInclusiveAndWhere) {
  CallgrindProfile p = parsed(kDump);
  ASSERT_EQ(p.functions.size(), 2u);
  const FunctionCost &m = p.functions.at("main"), &f = p.functions.at("f(int)");
  EXPECT_EQ(m.exclusive, 5);
  EXPECT_EQ(m.inclusive, 35);
  EXPECT_EQ(m.file, "a.c");
  EXPECT_EQ(m.line, 10);
  EXPECT_EQ(f.exclusive, 15); // 10 + 3 inlined from b.h + 2
  EXPECT_EQ(f.inclusive, 15); // the recursive call is not counted twice
  EXPECT_EQ(f.line, 20);      // b.h's line 5 is another file's
  EXPECT_EQ(p.total, 20);
}

// The lines each function executed, by file: inlined code at its own file's
// lines (steady select --traced tells an inlined copy's run by them); a
// call's cost line is not a line run.
TEST(CallgrindProfile, LinesRunByFileInlinedCodeAtItsOwn) {
  CallgrindProfile p = parsed(kDump);
  using Lines = std::map<std::string, std::set<int>>;
  EXPECT_EQ(p.functions.at("f(int)").lines, (Lines{{"a.c", {20, 21}}, {"b.h", {5}}}));
  EXPECT_EQ(p.functions.at("main").lines, (Lines{{"a.c", {10}}}));
}

TEST(CallgrindProfile, IrIsFoundAmongTheEvents) {
  CallgrindProfile p = parsed("events: Dr Ir\nfl=x.c\nfn=g\n3 100 7\n4 1\n");
  EXPECT_EQ(p.functions.at("g").exclusive, 7); // a trailing zero may be left out
}

TEST(CallgrindProfile, BadInputNamesTheLine) {
  std::istringstream in("events: Ir\nfn=(1) g\n3 1\nnonsense here\n");
  std::string error;
  parse_callgrind_profile(in, error);
  EXPECT_EQ(error, "");
  std::istringstream no_ir("events: Dr\n");
  parse_callgrind_profile(no_ir, error);
  EXPECT_EQ(error, "line 1: no Ir event");
  std::istringstream cost_first("events: Ir\n3 1\n");
  parse_callgrind_profile(cost_first, error);
  EXPECT_EQ(error, "line 2 is not a cost line: '3 1'");
}

TEST(FunctionKey, DropsParametersAndReturnType) {
  EXPECT_EQ(function_key("ns::f(int) const"), "ns::f");
  EXPECT_EQ(function_key("leaf(int)"), "leaf");
  EXPECT_EQ(function_key("void steady::detail::run_batch<(anonymous namespace)::x>(steady::Fixture*, unsigned long)"),
            "steady::detail::run_batch<(anonymous namespace)::x>");
  EXPECT_EQ(function_key("cold"), "cold");
}

TEST(Explain, PerOpLargestFirstAndDisagreements) {
  // A: 1000 ops; B: 500 ops. hot: 3 -> 6 per op; callee: 2 -> 1 per op
  // (not changed: its caller was); cold: the same per op (changed at no cost).
  CallgrindProfile a = parsed("events: Ir\nfl=l.c\nfn=hot(int)\n5 3000\nfn=callee()\n9 2000\nfn=cold(int)\n12 1000\n");
  CallgrindProfile b = parsed("events: Ir\nfl=l.c\nfn=hot(int)\n6 3000\nfn=callee()\n9 500\nfn=cold(int)\n13 500\n");
  Cause c = explain(a, 1000, b, 500, {"hot(int)", "cold(int)"});
  ASSERT_EQ(c.functions.size(), 2u);
  EXPECT_EQ(c.functions[0].function, "hot(int)");
  EXPECT_DOUBLE_EQ(c.functions[0].delta_exclusive(), 3);
  EXPECT_EQ(c.functions[0].line, 6); // where it is in B
  EXPECT_EQ(c.functions[1].function, "callee()");
  EXPECT_DOUBLE_EQ(c.functions[1].delta_exclusive(), -1);
  EXPECT_EQ(c.changed_not_in_cause, std::vector<std::string>{"cold"});
  EXPECT_EQ(c.in_cause_not_changed, std::vector<std::string>{"callee"});
}

TEST(Explain, HarnessCrumbsBesideALargeChangeAreLeftOut) {
  // +120 per op in hot; the harness's loop +0.27 per op (a smaller batch).
  CallgrindProfile a = parsed("events: Ir\nfl=l.c\nfn=hot\n5 406000\nfn=run_batch\n9 8580\n");
  CallgrindProfile b = parsed("events: Ir\nfl=l.c\nfn=hot\n5 526000\nfn=run_batch\n9 8850\n");
  Cause c = explain(a, 1000, b, 1000, {});
  ASSERT_EQ(c.functions.size(), 1u);
  EXPECT_EQ(c.functions[0].function, "hot");
}

// snappy's RefillTag inlined into DecompressAllTags: callgrind lists the
// caller only; the records before inlining name the changed callee, through
// an inlined helper (load) that is not changed, and not the callee that ran
// on its own (memcpy) nor an unchanged inlined one (peek).
TEST(Explain, ChangedFunctionInlinedIntoTheListedOneIsNamed) {
  CallgrindProfile a = parsed("events: Ir\nfl=s.cc\nfn=Decompress()\n5 4000\nfn=memcpy\n9 100\n");
  CallgrindProfile b = parsed("events: Ir\nfl=s.cc\nfn=Decompress()\n5 4064\nfn=memcpy\n9 100\n");
  const std::set<std::string> changed = {"Decompress()", "RefillTag()", "memcpy"};
  CallGraph calls = {{"Decompress()", {"load(char const*)", "memcpy", "peek()"}},
                     {"load(char const*)", {"RefillTag()"}}};
  Cause c = explain(a, 1, b, 1, changed);
  EXPECT_EQ(c.changed_not_in_cause, (std::vector<std::string>{"RefillTag", "memcpy"}));
  name_inlined(c, a, b, changed, calls);
  ASSERT_EQ(c.functions.size(), 1u);
  EXPECT_EQ(c.functions[0].inlined_changed, std::vector<std::string>{"RefillTag()"});
  EXPECT_EQ(c.changed_not_in_cause, std::vector<std::string>{"memcpy"});
  // A clone's and a cycle's suffixes are callgrind's, not the records'.
  CallgrindProfile clone =
      parsed("events: Ir\nfl=s.cc\nfn=Decompress() [clone .constprop.0]'2\n5 4064\nfn=RefillTag()\n7 1\n");
  Cause d = explain(a, 1, clone, 1, changed);
  name_inlined(d, a, clone, changed, calls);
  for (const FunctionDelta &f : d.functions)
    EXPECT_TRUE(f.inlined_changed.empty()) << f.function; // RefillTag ran on its own: callgrind names it
}

TEST(PerfReport, SamplesAndTimeByFunction) {
  SampledProfile p = parse_perf_report("          2293     458691720  [.] hot                       -      -   \n"
                                       "             1        200040  [k] __d_lookup\n"
                                       "\n# a comment\n"
                                       "            14       2800560  [.] steady::run<(anonymous namespace)::x>  \n");
  EXPECT_EQ(p.total, 2308);
  EXPECT_EQ(p.samples.at("hot"), 2293);
  EXPECT_EQ(p.ns.at("hot"), 458691720);
  EXPECT_EQ(p.ns.at("steady::run<(anonymous namespace)::x>"), 2800560);
  EXPECT_EQ(p.ns.size(), 3u);
}

// Samples of 1 ms each over 1e6 ops: one sample is 1 ns/op.
SampledProfile sampled(std::map<std::string, double> samples) {
  SampledProfile p;
  p.ops = 1e6;
  for (auto &[name, n] : samples) {
    p.samples[name] = n;
    p.ns[name] = n * 1e6;
    p.total += n;
  }
  return p;
}

TEST(ExplainTime, BeyondPoissonNoiseOnly) {
  // hot: 10000 -> 13000 samples (z = 3000 / sqrt(23000) = 19.8); warm:
  // 400 -> 440 (z = 1.4, noise); cold: 5000 -> 5000, changed at no cost.
  SampledProfile a = sampled({{"hot", 10000}, {"warm", 400}, {"cold", 5000}});
  SampledProfile b = sampled({{"hot", 13000}, {"warm", 440}, {"cold", 5000}});
  TimeCause c = explain_time(a, b, {"hot(int)", "cold(int)"});
  ASSERT_EQ(c.functions.size(), 1u);
  EXPECT_EQ(c.functions[0].function, "hot");
  EXPECT_DOUBLE_EQ(c.functions[0].delta(), 3000);
  EXPECT_EQ(c.changed_not_in_cause, std::vector<std::string>{"cold"});
  EXPECT_TRUE(c.in_cause_not_changed.empty());
}

} // namespace
} // namespace steady::driver
