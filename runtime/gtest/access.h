// What steady gtest needs of GoogleTest 1.12 that it keeps private: a test's
// factory (TestFactoryBase::CreateTest makes a fresh fixture, and sets a
// TEST_P's parameter), its body, its SetUp/TearDown, whether it matched
// --gtest_filter, and its suite's SetUpTestSuite/TearDownTestSuite. An
// explicit instantiation may name private members ([temp.spec.general]), so
// these are reached without patching GoogleTest: each Grant instantiation
// defines the friend `get(Tag)` that returns the member pointer.
#pragma once

#include <gtest/gtest.h>

namespace steady::gtest::access {

template <class Tag, typename Tag::type Member> struct Grant {
  friend typename Tag::type get(Tag) { return Member; }
};

#define STEADY_GTEST_ACCESS(tag, member_type, member)                                                                  \
  struct tag {                                                                                                         \
    using type = member_type;                                                                                          \
    friend type get(tag);                                                                                              \
  };                                                                                                                   \
  template struct Grant<tag, member>;

STEADY_GTEST_ACCESS(Factory, testing::internal::TestFactoryBase *const testing::TestInfo::*,
                    &testing::TestInfo::factory_)
STEADY_GTEST_ACCESS(MatchesFilter, bool testing::TestInfo::*, &testing::TestInfo::matches_filter_)
STEADY_GTEST_ACCESS(Disabled, bool testing::TestInfo::*, &testing::TestInfo::is_disabled_)
STEADY_GTEST_ACCESS(FixtureId, const testing::internal::TypeId testing::TestInfo::*,
                    &testing::TestInfo::fixture_class_id_)
STEADY_GTEST_ACCESS(TestBody, void (testing::Test::*)(), &testing::Test::TestBody)
STEADY_GTEST_ACCESS(SetUp, void (testing::Test::*)(), &testing::Test::SetUp)
STEADY_GTEST_ACCESS(TearDown, void (testing::Test::*)(), &testing::Test::TearDown)
STEADY_GTEST_ACCESS(SetUpSuite, testing::internal::SetUpTestSuiteFunc testing::TestSuite::*,
                    &testing::TestSuite::set_up_tc_)
STEADY_GTEST_ACCESS(TearDownSuite, testing::internal::TearDownTestSuiteFunc testing::TestSuite::*,
                    &testing::TestSuite::tear_down_tc_)

#undef STEADY_GTEST_ACCESS

} // namespace steady::gtest::access
