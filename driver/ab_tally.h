// What steady ab (ab.cpp) decides about one benchmark between its rounds,
// apart from running forks and printing: whether it gets more forks, when
// it is given up, and when it has reached its next look.
#pragma once

#include <vector>

namespace steady::driver {

struct AbTally {
  int ok[2] = {0, 0}, failed[2] = {0, 0}; // forks per side (0: A, 1: B)
  int next_look = 0;                      // index into the looks (stats::look_schedule)
  bool decided = false, given_up = false;

  bool wants_forks() const { return !decided && !given_up; }
  // The side on which it keeps failing (3 failed forks and none ok), whose
  // benchmark gets no more forks; -1: none.
  int failing_side() const;
  // Whether both sides have reached the next look's number of ok forks (and
  // at least 2); a look taken moves past every look that number reaches.
  bool take_look(const std::vector<int> &looks);
};

} // namespace steady::driver
