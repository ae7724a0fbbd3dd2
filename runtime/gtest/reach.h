// Reach records per test (issue 29: steady select, steady ab --changed-only
// on test binaries). The plugin records every function of the binary and
// names each TestBody() a payload; a test is more than its body: its fixture's
// constructor, SetUp and TearDown run around it, and several tests (a TEST_P's
// parameters, a typed test's types) share a body's class. So each test's reach
// starts at its factory's CreateTest(), the function that makes its fixture:
// the fixture's constructor stores its vtable, whose functions (TestBody,
// SetUp, TearDown, the destructor) the records follow as address-taken.
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace steady::gtest {

struct TestReach {
  std::string name;   // "Suite.Test", as --gtest_list_tests names it
  std::string create; // its factory's CreateTest() symbol ("" when unknown)
};

// The mangled symbol of `Factory::CreateTest()` from the factory's dynamic
// type as typeid names it ("N7testing8internal15TestFactoryImplI3FooEE"):
// a nested name encodes the same in both. "" for a type that is not nested.
std::string create_test_symbol(std::string_view type_name);

// The plugin's records (`records`, one text per translation unit, as
// --list-reach prints them) with one payload per test: "P name gtest:name"
// and "F gtest:name 0 CreateTest-symbol" (the records' "file.cc:symbol" when
// it has internal linkage: a test in an anonymous namespace). The plugin's own payload lines for
// test bodies are left out (a test is named by its test name); other
// payloads (STEADY_BENCH in the same binary) stay.
std::string test_reach(std::string_view records, const std::vector<TestReach> &tests);

// The symbols the records have a function record for ("F <tab> symbol ...",
// a local symbol without its "file.cc:"): the functions of translation units
// compiled with the plugin.
std::unordered_set<std::string> recorded_functions(std::string_view records);

} // namespace steady::gtest
