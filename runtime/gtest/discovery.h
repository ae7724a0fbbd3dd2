// The tests of a GoogleTest binary, as steady gtest measures them (and as
// regression selection picks among them): one entry per test --gtest_list_tests
// lists (TEST, TEST_F, each parameter of a TEST_P, each type of a typed test;
// disabled ones too), in registration order, and what it takes to run one
// invocation of it outside GoogleTest's own loop.
#pragma once

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace steady::gtest {

struct TestCase {
  std::string name;                    // "Suite.Test", "Inst/Suite.Test/0", "Suite/0.Test": GoogleTest's full name
  std::string type_param, value_param; // as GoogleTest prints them ("" for none)
  std::string file;
  int line = 0;
  bool disabled = false; // DISABLED_ in its name or its suite's
  // A TEST: its fixture is testing::Test itself, with no state of the user's
  // (TEST_F, TEST_P and typed tests have the user's fixture class).
  bool plain = false;
  const testing::TestInfo *info = nullptr;
  const testing::TestSuite *suite = nullptr;
};

// The tests --gtest_filter selects, disabled ones included. Call once
// GoogleTest has applied its flags (from RUN_ALL_TESTS on: a listener).
std::vector<TestCase> discover(const testing::UnitTest &unit);

// One invocation: a fresh fixture from the test's factory (what GoogleTest's
// TestInfo::Run does), its SetUp, body and TearDown, called one by one so the
// caller times only the body.
testing::Test *create(const TestCase &c);
// The factory's dynamic type, as typeid names it (regression selection starts
// a test's reach at its CreateTest: reach.h).
const char *factory_type_name(const TestCase &c);
// The functions one invocation of `c` runs, `t` being a fixture of it: its
// factory's CreateTest (the fixture's constructor), then TestBody, SetUp and
// TearDown as the fixture's vtable has them (its own or testing::Test's).
std::vector<const void *> test_functions(const TestCase &c, testing::Test *t);
void set_up(testing::Test *t);
void body(testing::Test *t);
void tear_down(testing::Test *t);
// Makes `c` GoogleTest's current test (null: none), as while GoogleTest runs
// it: a body may ask for its name, a death test needs it, and failures are
// recorded in its result.
void make_current(const TestCase *c);
// SetUpTestSuite / TearDownTestSuite of the test's suite (no-ops when it has none).
void set_up_suite(const TestCase &c);
void tear_down_suite(const TestCase &c);

// The global Environments' TearDown, last registered first, as RUN_ALL_TESTS
// runs them after the tests.
void tear_down_environments();

// What GoogleTest reported while an invocation ran (its assertions and
// GTEST_SKIP go to the listeners, since no test is "current").
struct Reported {
  std::string failure; // the first failure, "file:line: message"
  std::string skip;    // GTEST_SKIP's message ("skipped" without one)
  bool fatal = false;
  bool skipped = false;
  bool failed() const { return !failure.empty(); }
};
// The reports since the last clear().
Reported &reported();
// Appends the listener that fills reported() and releases GoogleTest's
// printer, so that nothing reaches stdout.
void listen_quietly(testing::UnitTest &unit);

} // namespace steady::gtest
