#include "ab_tally.h"

#include <algorithm>

namespace steady::driver {

int AbTally::failing_side() const {
  for (int side : {0, 1})
    if (failed[side] >= 3 && ok[side] == 0)
      return side;
  return -1;
}

bool AbTally::take_look(const std::vector<int> &looks) {
  const int n = std::min(ok[0], ok[1]);
  if (n < 2 || next_look >= int(looks.size()) || n < looks[std::size_t(next_look)])
    return false;
  while (next_look < int(looks.size()) && looks[std::size_t(next_look)] <= n)
    ++next_look;
  return true;
}

} // namespace steady::driver
