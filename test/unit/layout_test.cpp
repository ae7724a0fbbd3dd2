// --layout=random's choices (runtime/src/layout.h): every code copy once per
// block of forks, offsets in range and on 16 bytes, the same for the same
// seed; the hidden option read back; a loop without copies is its own; the
// stack pinned in its page wherever the kernel started it.
#include <set>

#include <gtest/gtest.h>

#include "layout.h"

namespace steady {
namespace {

TEST(Layout, EveryCopyOncePerBlockOfForks) {
  for (std::uint64_t seed : {1ull, 2ull, 12345ull})
    for (int block = 0; block < 3; ++block) {
      std::set<std::size_t> copies;
      for (int f = 1; f <= 4; ++f)
        copies.insert(choose_layout(seed, 2, 4 * block + f, 4).variant);
      EXPECT_EQ(copies, (std::set<std::size_t>{0, 1, 2, 3})) << seed << " " << block;
    }
}

TEST(Layout, OffsetsAreInThePageOnSixteenBytes) {
  std::set<int> stacks, heaps;
  for (int f = 1; f <= 200; ++f) {
    LayoutChoice c = choose_layout(7, 0, f, 4);
    for (int v : {c.stack, c.heap}) {
      EXPECT_GE(v, 0);
      EXPECT_LT(v, kLayoutSpan);
      EXPECT_EQ(v % 16, 0);
    }
    stacks.insert(c.stack);
    heaps.insert(c.heap);
  }
  // 200 draws from 256 values: a generator stuck on a few would show.
  EXPECT_GT(stacks.size(), 100u);
  EXPECT_GT(heaps.size(), 100u);
}

TEST(Layout, SameSeedSameLayoutsOtherSeedOthers) {
  int same = 0;
  for (int f = 1; f <= 8; ++f) {
    LayoutChoice a = choose_layout(3, 1, f, 4), b = choose_layout(3, 1, f, 4), c = choose_layout(4, 1, f, 4);
    EXPECT_EQ(layout_spec(a), layout_spec(b));
    same += layout_spec(a) == layout_spec(c);
  }
  EXPECT_LT(same, 8);
  // Benchmarks of one run draw apart.
  EXPECT_NE(layout_spec(choose_layout(3, 0, 1, 4)), layout_spec(choose_layout(3, 1, 1, 4)));
}

TEST(Layout, OneCopyWithoutThePlugin) {
  EXPECT_EQ(choose_layout(5, 0, 3, 1).variant, 0u);
  EXPECT_EQ(choose_layout(5, 0, 3, 0).variant, 0u);
  RunFn run = [](Fixture *, std::uint64_t) {};
  EXPECT_EQ(code_variants(run), std::vector<RunFn>{run});
}

TEST(Layout, SpecRoundTripsAndRefusesOutOfRange) {
  LayoutChoice c{3, 4080, 16};
  std::optional<LayoutChoice> back = parse_layout_spec(layout_spec(c));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->variant, 3u);
  EXPECT_EQ(back->stack, 4080);
  EXPECT_EQ(back->heap, 16);
  EXPECT_FALSE(parse_layout_spec("1,4096,0"));
  EXPECT_FALSE(parse_layout_spec("1,-16,0"));
  EXPECT_FALSE(parse_layout_spec("x"));
}

TEST(Layout, StackPadPinsTheFrameBelowInItsPage) {
  // Wherever the frame is (16-byte aligned, as on x86-64), taking the pad
  // leaves it `offset` bytes below a page boundary.
  for (std::uintptr_t frame : {0x7ffc00001000ull, 0x7ffc00001010ull, 0x7ffd12345ff0ull, 0x7ffe0000a7c0ull})
    for (int offset : {0, 16, 1024, 4080}) {
      const std::size_t pad = stack_pad(frame, offset);
      EXPECT_LT(pad, std::size_t(kLayoutSpan));
      EXPECT_EQ(pad % 16, 0u);
      EXPECT_EQ((frame - pad + std::uintptr_t(offset)) % kLayoutSpan, 0u) << frame << " " << offset;
    }
}

} // namespace
} // namespace steady
