// runtime/gtest/reach.cpp: a test's reach starts at its factory's CreateTest.
#include <cstdlib>
#include <cxxabi.h>
#include <memory>
#include <typeinfo>

#include <gtest/gtest.h>

#include "../../runtime/gtest/reach.h"

using namespace steady::gtest;

namespace {

std::string demangled(const std::string &symbol) {
  int status = 0;
  std::unique_ptr<char, void (*)(void *)> d(abi::__cxa_demangle(symbol.c_str(), nullptr, nullptr, &status), std::free);
  return status == 0 ? d.get() : "";
}

struct Fixture_Name_Test : testing::Test {
  void TestBody() override {}
};
template <class T> struct Typed_Name_Test : testing::Test {
  void TestBody() override {}
};

} // namespace

// The symbol is checked by the C++ runtime's demangler, not by how it was built.
TEST(CreateTestSymbol, FromTheFactorysType) {
  std::string s = create_test_symbol(typeid(testing::internal::TestFactoryImpl<Fixture_Name_Test>).name());
  EXPECT_EQ(demangled(s), "testing::internal::TestFactoryImpl<(anonymous namespace)::Fixture_Name_Test>::CreateTest()");
  s = create_test_symbol(typeid(testing::internal::TestFactoryImpl<Typed_Name_Test<std::string>>).name());
  EXPECT_EQ(demangled(s), "testing::internal::TestFactoryImpl<(anonymous namespace)::Typed_Name_Test<std::__cxx11::"
                          "basic_string<char, std::char_traits<char>, std::allocator<char> > > >::CreateTest()");
}

TEST(CreateTestSymbol, NotANestedName) {
  EXPECT_EQ(create_test_symbol("i"), "");
  EXPECT_EQ(create_test_symbol(""), "");
}

TEST(TestReach, OnePayloadPerTestBodiesDropped) {
  const std::string records = "P\tA_B_Test::TestBody\t_ZN8A_B_Test8TestBodyEv\n"
                              "P\tbench\t_Z5benchv\n"
                              "F\t_ZN8A_B_Test8TestBodyEv\t12\tleaf\n";
  EXPECT_EQ(test_reach(records, {{"A.B", "_ZN1F10CreateTestEv"}, {"I/P.T/0", ""}}),
            "P\tbench\t_Z5benchv\n"
            "F\t_ZN8A_B_Test8TestBodyEv\t12\tleaf\n"
            "P\tA.B\tgtest:A.B\n"
            "F\tgtest:A.B\t0\t_ZN1F10CreateTestEv\n"
            "P\tI/P.T/0\tgtest:I/P.T/0\n"
            "F\tgtest:I/P.T/0\t0\t\n");
}

// A test in an anonymous namespace: its CreateTest has internal linkage, and
// the plugin names it after its translation unit.
TEST(TestReach, InternalLinkageByFile) {
  const std::string records = "F\tt.cc:_ZN1F10CreateTestEv\t12\tleaf\n";
  EXPECT_EQ(test_reach(records, {{"A.B", "_ZN1F10CreateTestEv"}}), "F\tt.cc:_ZN1F10CreateTestEv\t12\tleaf\n"
                                                                   "P\tA.B\tgtest:A.B\n"
                                                                   "F\tgtest:A.B\t0\tt.cc:_ZN1F10CreateTestEv\n");
}

// The functions of translation units compiled with the plugin (an audit build
// leaves their bodies unprotected): every function record's symbol, a local
// one without its file; not a payload line's, nor an edge.
TEST(RecordedFunctions, FunctionRecordsOnly) {
  const std::string records = "P\tA_B_Test::TestBody\t_ZN8A_B_Test8TestBodyEv\n"
                              "F\t_ZN1F10CreateTestEv\t12\t\t\tleaf\n"
                              "F\tt.cc:_ZN1G10CreateTestEv\t13\n";
  EXPECT_EQ(recorded_functions(records),
            (std::unordered_set<std::string>{"_ZN1F10CreateTestEv", "_ZN1G10CreateTestEv"}));
}
