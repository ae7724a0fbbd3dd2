// Two builds of one small suite (test/gtest/code-fingerprint.test): with
// -DCHANGED_BODY, Code.Changed's body does more; with -DCHANGED_SETUP,
// Fixture's SetUp, which Prepared.Reads runs before its body, does. Every
// other test, and every line number, is the same in both builds.
#include <gtest/gtest.h>

#ifdef CHANGED_BODY
#define BODY_EXTRA for (volatile int i = 0; i < 10; i = i + 1)
#else
#define BODY_EXTRA
#endif
#ifdef CHANGED_SETUP
#define SETUP_EXTRA for (volatile int i = 0; i < 10; i = i + 1)
#else
#define SETUP_EXTRA
#endif

static int twice(int x) { return 2 * x; }

TEST(Code, Same) { EXPECT_EQ(twice(2), 4); }

TEST(Code, Changed) {
  BODY_EXTRA;
  EXPECT_EQ(twice(3), 6);
}

class Prepared : public testing::Test {
protected:
  int value = 0;
  void SetUp() override {
    SETUP_EXTRA;
    value = twice(1);
  }
};

TEST_F(Prepared, Reads) { EXPECT_EQ(value, 2); }

class Param : public testing::TestWithParam<int> {};
TEST_P(Param, Positive) { EXPECT_GT(twice(GetParam()), 0); }
INSTANTIATE_TEST_SUITE_P(Small, Param, testing::Values(1, 2));
