// Allocation-heavy code: the plugin keeps objects that are built and dropped.
#include <memory>
#include <steady/steady.h>
#include <string>
#include <vector>

STEADY_BENCH(new_delete_64) {
  auto p = std::make_unique<char[]>(64);
  p[0] = 1;
}

STEADY_BENCH(vector_push_back_1000) {
  std::vector<int> v;
  for (int i = 0; i < 1000; ++i)
    v.push_back(i);
}

STEADY_BENCH(vector_fill_256) {
  std::vector<int> v(256);
  for (int i = 0; i < 256; ++i)
    v[i] = i * 7;
}

STEADY_BENCH(string_from_literal) { std::string s = "a string long enough to need the heap"; }
