// A test as long as $LONG_MS milliseconds (a sleep: its length does not
// depend on the machine's load, only its lower bound matters), and a short one.
#include <chrono>
#include <cstdlib>
#include <thread>

#include <gtest/gtest.h>

TEST(Long, Sleeps) {
  const char *ms = std::getenv("LONG_MS");
  std::this_thread::sleep_for(std::chrono::milliseconds(ms ? std::atoi(ms) : 0));
}

TEST(Short, Adds) { EXPECT_EQ(std::atoi("2") + 3, 5); }
