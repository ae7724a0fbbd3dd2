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
  Selected s;
  s.changed = {"leaf", "mid"};
  refine_by_execution(s, {"main()", "mid()"}, name_of);
  EXPECT_EQ(s.executed, std::vector<std::string>{"mid"});
  EXPECT_TRUE(s.run());
  refine_by_execution(s, {"main()", "other()"}, name_of);
  EXPECT_TRUE(s.executed && s.executed->empty());
  EXPECT_FALSE(s.run());
  Selected fresh;
  fresh.is_new = true;
  refine_by_execution(fresh, {}, name_of);
  EXPECT_TRUE(fresh.run());
}

} // namespace
} // namespace steady::driver
