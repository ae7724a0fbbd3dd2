// Root cause (driver/cause.h, driver/callgrind_profile.h) on hand-written
// callgrind dumps: exclusive and inclusive counts per function under name
// compression, relative positions, inlined files and recursion; the diff per
// op, its order, and where it disagrees with the changed functions. With
// time, on recorded perf script and llvm-symbolizer output: each sample
// credited to the source function whose code it hit, inlined copies included.
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

// Recorded on test/driver/cause-time-inlined.test's new build (`inner`'s
// loop of nops inlined into `outer`): `perf record -e cpu-clock`, then
// `perf script -F period,ip,sym,symoff,dso --no-demangle` (trimmed to a
// sample in outer, the kernel, the vDSO, the loader, libpfm without a symbol).
const std::string kBin = "/work/wt-i29/build/test/driver/Output/cause-time-inlined.test.tmp.new";
const std::string kPerfScript =
    "    200040      55e16faca110 _Z5outeri+0x10 (" + kBin + ")\n" +
    "    200040  ffffffff81646bad ___slab_alloc+0x4bd ([kernel.kallsyms])\n"
    "    200040      7f75af480b46 __vdso_clock_gettime+0x56 ([vdso])\n"
    "    200040      7f75af4973e0 update_active.constprop.0+0x270 (/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2)\n"
    "    200040      7f75aecf9314 [unknown] (/usr/lib/x86_64-linux-gnu/libpfm.so.4.13.0)\n";

TEST(PerfScript, EachSampleWherePerfFoundIt) {
  std::vector<PerfSample> s = parse_perf_script(kPerfScript + "not a sample (x)\n\n");
  ASSERT_EQ(s.size(), 5u);
  EXPECT_EQ(s[0].symbol, "_Z5outeri");
  EXPECT_EQ(s[0].offset, "0x10");
  EXPECT_EQ(s[0].dso, kBin);
  EXPECT_EQ(s[0].period, 200040);
  EXPECT_EQ(s[1].symbol, "___slab_alloc");
  EXPECT_EQ(s[1].dso, "[kernel.kallsyms]");
  EXPECT_EQ(s[3].symbol, "update_active.constprop.0");
  EXPECT_EQ(s[3].offset, "0x270");
  EXPECT_EQ(s[4].symbol, "[unknown]");
  EXPECT_EQ(s[4].offset, "");
  EXPECT_EQ(s[4].dso, "/usr/lib/x86_64-linux-gnu/libpfm.so.4.13.0");
}

// `llvm-nm --defined-only --no-demangle` of the same binary (trimmed): a
// local symbol defined in two translation units has no one address.
TEST(SymbolTable, AddressesOfNamesDefinedOnce) {
  auto t = parse_symbol_table("00000000001a6da0 r GCC_except_table0\n00000000001a700c r GCC_except_table0\n"
                              "000000000000e100 T _Z5outeri\n000000000000dd40 t "
                              "_ZN12_GLOBAL__N_124steady_bench_calls_outer7payloadEv\n");
  EXPECT_EQ(t, (std::map<std::string, std::uint64_t>{
                   {"_Z5outeri", 0xe100}, {"_ZN12_GLOBAL__N_124steady_bench_calls_outer7payloadEv", 0xdd40}}));
}

// `llvm-symbolizer --obj=BIN --inlines --no-demangle --output-style=JSON
// 0xe110 0xe100 0x1` (recorded): _Z5outeri+0x10 is inner's copy in outer,
// innermost first; +0x0 is outer's own; 0x1 is nothing's.
TEST(Symbolizer, InlinedFramesInnermostFirst) {
  const std::string f = R"("FileName":"/work/wt-i29/test/driver/Inputs/cause-time-inline-lib.cpp")";
  const std::string recorded =
      R"([{"Address":"0xe110","ModuleName":"BIN","Symbol":[{"Column":5,"Discriminator":0,)" + f +
      R"(,"FunctionName":"_ZL5inneri","Line":7,"StartAddress":"0xe105","StartLine":4},{"Column":27,"Discriminator":0,)" +
      f + R"(,"FunctionName":"_Z5outeri","Line":12,"StartAddress":"0xe100","StartLine":12}]},)" +
      R"({"Address":"0xe100","ModuleName":"BIN","Symbol":[{"Column":0,"Discriminator":0,)" + f +
      R"(,"FunctionName":"_Z5outeri","Line":12,"StartAddress":"0xe100","StartLine":12}]},)" +
      R"({"Address":"0x1","ModuleName":"BIN","Symbol":[{"Column":0,"Discriminator":0,"FileName":"","FunctionName":"",)" +
      R"("Line":0,"StartAddress":"","StartFileName":"","StartLine":0}]}])";
  const std::vector<std::string> places = {"_Z5outeri+0x10", "_Z5outeri+0x0", "x+0x1"};
  std::string error;
  InlineChains c = parse_symbolizer_json(recorded, places, error);
  EXPECT_EQ(error, "");
  EXPECT_EQ(c.at("_Z5outeri+0x10"), (std::vector<std::string>{"_ZL5inneri", "_Z5outeri"}));
  EXPECT_EQ(c.at("_Z5outeri+0x0"), std::vector<std::string>{"_Z5outeri"});
  EXPECT_EQ(c.count("x+0x1"), 0u);
  // One object a line (addresses read from stdin) reads the same.
  c = parse_symbolizer_json(R"({"Address":"0xe100","Symbol":[{"FunctionName":"_Z5outeri"}]})"
                            "\n\n"
                            R"({"Address":"0x1","Symbol":[]})",
                            {"a", "b"}, error);
  EXPECT_EQ(error, "");
  EXPECT_EQ(c, (InlineChains{{"a", {"_Z5outeri"}}}));
  parse_symbolizer_json(R"([{"Address":"0x0","Symbol":[]}])", places, error);
  EXPECT_EQ(error, "1 answers for 3 addresses");
}

// Each sample to the source function whose code it hit: inner's inlined
// copy to inner, not to outer (perf's symbol); without a chain, perf's.
TEST(AttributeSamples, InlinedCopyCreditedToItsFunction) {
  std::vector<PerfSample> samples = {{100, "_Z5outeri", "0x10", "/b"},
                                     {100, "_Z5outeri", "0x10", "/b"},
                                     {100, "_Z5outeri", "0x0", "/b"},
                                     {50, "clear_page_erms", "0x13", "[kernel.kallsyms]"},
                                     {100, "_Z4leafv", "0x4", "/lib.so"}};
  std::map<std::string, InlineChains> chains = {
      {"/b", {{"_Z5outeri+0x10", {"_ZL5inneri", "_Z5outeri"}}, {"_Z5outeri+0x0", {"_Z5outeri"}}}}};
  SampledProfile p = attribute_samples(samples, chains);
  EXPECT_EQ(p.total, 5);
  EXPECT_EQ(p.samples.at("inner(int)"), 2);
  EXPECT_EQ(p.ns.at("inner(int)"), 200);
  EXPECT_EQ(p.inlined_into.at("inner(int)"), std::set<std::string>{"outer(int)"});
  EXPECT_EQ(p.samples.at("outer(int)"), 1);
  EXPECT_EQ(p.samples.at("clear_page_erms"), 1);
  EXPECT_EQ(p.samples.at("leaf()"), 1); // demangled, no chain: perf's symbol
  EXPECT_EQ(p.own, (std::set<std::string>{"clear_page_erms", "leaf()", "outer(int)"}));
  EXPECT_EQ(p.inlined_into.size(), 1u);
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

// snappy change 23 (ReadPastEndOfBuffer, 2.2 % slower): the runner's clock
// -178 ns/op, the changed CheckLength +92.6. Without a direction the larger
// comes first; with B slower, what got slower does.
TEST(ExplainTime, WhatMovedWithTheMeasuredChangeFirst) {
  SampledProfile a = sampled({{"__vdso_clock_gettime", 400}, {"CheckLength()", 10}, {"other", 5000}});
  SampledProfile b = sampled({{"__vdso_clock_gettime", 222}, {"CheckLength()", 103}, {"other", 5000}});
  std::vector<std::string> order;
  for (double direction : {0.0, 1.0, -1.0})
    for (const TimeDelta &d : explain_time(a, b, {"CheckLength()"}, direction).functions)
      order.push_back(d.function);
  EXPECT_EQ(order, (std::vector<std::string>{"__vdso_clock_gettime", "CheckLength()", "CheckLength()",
                                             "__vdso_clock_gettime", "__vdso_clock_gettime", "CheckLength()"}));
}

// The changed function's samples were in its copy inlined into outer: it is
// named with where it ran, and it is no "changed, same" any more.
TEST(ExplainTime, InlinedFunctionNamedWithWhereItRan) {
  SampledProfile a = sampled({{"inner(int)", 100}, {"outer(int)", 1000}});
  SampledProfile b = sampled({{"inner(int)", 3000}, {"outer(int)", 1000}});
  a.inlined_into["inner(int)"] = {"outer(int)"};
  b.inlined_into["inner(int)"] = {"outer(int)", "other()"};
  a.own = b.own = {"outer(int)"};
  TimeCause c = explain_time(a, b, {"inner(int)"});
  ASSERT_EQ(c.functions.size(), 1u);
  EXPECT_EQ(c.functions[0].function, "inner(int)");
  EXPECT_EQ(c.functions[0].inlined_into, (std::vector<std::string>{"other()", "outer(int)"}));
  EXPECT_FALSE(c.functions[0].own);
  EXPECT_TRUE(c.changed_not_in_cause.empty());
  b.own.insert("inner(int)"); // also sampled in its own code (an out-of-line copy)
  EXPECT_TRUE(explain_time(a, b, {"inner(int)"}).functions[0].own);
}

} // namespace
} // namespace steady::driver
