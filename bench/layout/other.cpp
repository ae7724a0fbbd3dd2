// bench-layout: the work of other_tu_sum is in this translation unit, linked
// before or after the payloads' (its code is not the plugin's: not pinned).
#include "payloads.h"

namespace layout {
long other_tu_sum(const int *p, int n) {
  long s = 0;
  for (int i = 0; i < n; ++i)
    s += p[i] * (i & 3);
  return s;
}
} // namespace layout
