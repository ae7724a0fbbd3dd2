// The selection decision (driver/selection.h) on hand-written reach records:
// reach follows calls, addresses and other translation units' symbols, and
// a payload is run exactly when a function it reaches differs.
#include <gtest/gtest.h>

#include "selection.h"

namespace steady::driver {
namespace {

ReachRecords parsed(const std::string &text) {
  std::string error;
  ReachRecords r = parse_reach(text, error);
  EXPECT_EQ(error, "");
  return r;
}

const std::string kOld = "P\ta\tpa\nP\tb\tpb\n"
                         "F\tpa\t1\tmid,*\n"
                         "F\tmid\t2\t&leaf,memcpy\n"
                         "F\tleaf\t3\t\n"
                         "F\tpb\t4\tother\n"
                         "F\tother\t5\t\n";

TEST(Selection, ReachFollowsCallsAndAddressesAndNamesTheRest) {
  Reach r = reach_of(parsed(kOld), "pa");
  EXPECT_EQ(r.functions, (std::set<std::string>{"pa", "mid", "leaf"}));
  EXPECT_EQ(r.external, (std::set<std::string>{"memcpy"}));
  EXPECT_TRUE(r.indirect);
}

TEST(Selection, OnlyPayloadsReachingTheChangeRun) {
  std::string changed = kOld;
  changed.replace(changed.find("leaf\t3"), 6, "leaf\t9");
  std::vector<Selected> s = select_changed(parsed(kOld), parsed(changed));
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].payload, "a");
  EXPECT_EQ(s[0].changed, std::vector<std::string>{"leaf"});
  EXPECT_TRUE(s[0].run());
  EXPECT_EQ(s[1].payload, "b");
  EXPECT_FALSE(s[1].run());
}

TEST(Selection, NewPayloadRunsAndBadLineIsNamed) {
  std::vector<Selected> s = select_changed(parsed("P\tb\tpb\nF\tpb\t4\t\n"), parsed(kOld));
  EXPECT_TRUE(s[0].is_new && s[0].run());
  std::string error;
  parse_reach("P\ta\tpa\nX\n", error);
  EXPECT_EQ(error, "line 2 is not a reach record: 'X'");
}

// --traced: a payload that reaches changed code runs only when its old run
// executed a changed function (by the name callgrind gives it); a new one
// runs untraced.
TEST(Selection, TracedRunsOnlyWhatExecutedAChangedFunction) {
  auto name_of = [](const std::string &symbol) { return symbol + "()"; };
  const ReachRecords none;
  Selected s;
  s.changed = {"leaf", "mid"};
  refine_by_execution(s, {.functions = {"main()", "mid()"}}, none, none, name_of);
  EXPECT_EQ(s.executed, std::vector<std::string>{"mid"});
  EXPECT_TRUE(s.run());
  refine_by_execution(s, {.functions = {"main()", "other()"}}, none, none, name_of);
  EXPECT_TRUE(s.executed && s.executed->empty());
  EXPECT_FALSE(s.run());
  Selected fresh;
  fresh.is_new = true;
  refine_by_execution(fresh, {}, none, none, name_of);
  EXPECT_TRUE(fresh.run());
}

// The plugin's newer fields: own fingerprint, source lines, the functions in
// its optimized code (inlined copies, calls left), summed over translation units.
TEST(Selection, ReadsOwnCodeLinesAndInlinedCopies) {
  ReachRecords r = parsed("F\tmid\t2\tleaf\t7\tsrc/lib.cpp:10-14\tleaf*2*0,memcpy*0*1\n"
                          "F\tmid\t2\tleaf\t7\tsrc/lib.cpp:10-14\tleaf*1*0\n");
  const ReachRecords::Function &mid = r.functions.at("mid");
  EXPECT_EQ(mid.own, "7+7");
  EXPECT_EQ(mid.file, "src/lib.cpp");
  EXPECT_EQ(mid.first, 10);
  EXPECT_EQ(mid.last, 14);
  EXPECT_EQ(mid.code.at("leaf"), std::make_pair(3, 0));
  EXPECT_EQ(mid.code.at("memcpy"), std::make_pair(0, 1));
  std::string error;
  parse_reach("F\tmid\t2\tleaf\t7\t\tleaf*2\n", error);
  EXPECT_EQ(error, "line 1 has a malformed inlined entry 'leaf*2'");
}

// `mid` changed only because the changed `leaf` is inlined into it (once, in
// both builds): a run of mid counts when it executed one of leaf's lines.
const std::string kInlinedOld = "P\ta\tpa\nF\tpa\t1\tmid\t1\tb.cpp:1-3\tmid*0*1\n"
                                "F\tmid\t2\tleaf\t20\tlib.cpp:10-14\tleaf*1*0\n"
                                "F\tleaf\t3\t\t30\tlib.cpp:5-7\t\n";
std::string replaced(std::string text, const std::string &from, const std::string &to) {
  return text.replace(text.find(from), from.size(), to);
}
std::string changed_leaf(const std::string &records) {
  return replaced(replaced(records, "leaf\t3\t\t30", "leaf\t9\t\t90"), "mid\t2", "mid\t8");
}

TEST(Selection, InlinedChangeCountsWhereItsLinesRan) {
  ReachRecords a = parsed(kInlinedOld), b = parsed(changed_leaf(kInlinedOld));
  EXPECT_EQ(changed_inlined(a, b, "mid"), std::vector<std::string>{"leaf"});
  auto name_of = [](const std::string &symbol) { return symbol + "()"; };
  Selected s = select_changed(a, b)[0];
  EXPECT_EQ(s.changed, (std::vector<std::string>{"leaf", "mid"}));
  Executed ran_leaf{.functions = {"pa()", "mid()"}, .lines = {{"mid()", {{"lib.cpp", {11, 6}}}}}};
  refine_by_execution(s, ran_leaf, a, b, name_of);
  EXPECT_EQ(s.executed, (std::vector<std::string>{"leaf", "mid"}));
  Executed only_mid{.functions = {"pa()", "mid()"}, .lines = {{"mid()", {{"lib.cpp", {11, 12}}}}}};
  refine_by_execution(s, only_mid, a, b, name_of);
  EXPECT_TRUE(s.executed->empty());
  EXPECT_FALSE(s.run());
}

// Where the inlined copies cannot explain mid's change, a run of mid counts
// whatever lines it ran: a call to leaf left, a copy more in one build (one
// folded away), mid's own code changed, records or a trace without lines.
TEST(Selection, InlinedChangeUnexplainedCountsWhereverItRan) {
  ReachRecords a = parsed(kInlinedOld);
  auto variant = [&](const std::string &from, const std::string &to) {
    return parsed(replaced(changed_leaf(kInlinedOld), from, to));
  };
  EXPECT_EQ(changed_inlined(a, variant("leaf*1*0", "leaf*1*1"), "mid"), std::nullopt);
  EXPECT_EQ(changed_inlined(a, variant("leaf*1*0", "leaf*2*0"), "mid"), std::nullopt);
  EXPECT_EQ(changed_inlined(a, variant("\t20\t", "\t21\t"), "mid"), std::nullopt);
  EXPECT_EQ(changed_inlined(a, variant("\t20\tlib.cpp:10-14\tleaf*1*0", ""), "mid"), std::nullopt);
  ReachRecords b = parsed(changed_leaf(kInlinedOld));
  Selected s = select_changed(a, b)[0];
  refine_by_execution(s, {.functions = {"mid()"}}, a, b, [](const std::string &f) { return f + "()"; });
  EXPECT_EQ(s.executed, std::vector<std::string>{"mid"});
}

} // namespace
} // namespace steady::driver
