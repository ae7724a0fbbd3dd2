// The tests of test/gtest/select-*.test: linked with test/driver/Inputs/
// select-lib.cpp, whose two builds differ in `leaf` only. Tests reach it from
// their body (also in an anonymous namespace), from their fixture's SetUp, for each parameter of a TEST_P, and
// for one type of a typed test; Untouched and the other type do not.
#include <gtest/gtest.h>

int leaf(int x);
int other(int x);

TEST(Direct, CallsLeaf) { EXPECT_GT(leaf(2), 0); }

class Prepared : public testing::Test {
protected:
  int input = 0;
  void SetUp() override { input = leaf(1); }
};
TEST_F(Prepared, BodyWithoutLeaf) { EXPECT_GT(other(input), 0); }

class Param : public testing::TestWithParam<int> {};
TEST_P(Param, Leaf) { EXPECT_GT(leaf(GetParam()), 0); }
INSTANTIATE_TEST_SUITE_P(Two, Param, testing::Values(1, 2));

template <class T> class Typed : public testing::Test {};
using Types = testing::Types<int, double>;
TYPED_TEST_SUITE(Typed, Types);
TYPED_TEST(Typed, LeafForInt) {
  if constexpr (sizeof(TypeParam) == sizeof(int))
    EXPECT_GT(leaf(3), 0);
  else
    EXPECT_GT(other(3), 0);
}

// Internal linkage: the plugin names its functions after this file.
namespace {
TEST(Anonymous, CallsLeaf) { EXPECT_GT(leaf(5), 0); }
} // namespace

TEST(Untouched, Other) { EXPECT_GT(other(4), 0); }
