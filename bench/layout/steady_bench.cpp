// bench-layout, steady side: the seven payloads of issue 27.
#include <steady/steady.h>

#include "payloads.h"

namespace {
struct Data : steady::Fixture, layout::Inputs {};
} // namespace

STEADY_BENCH_F(Data, vector_push_clear) {
  pushed.clear();
  for (int i = 0; i < 100; ++i)
    pushed.push_back(i);
  return pushed.size();
}
STEADY_BENCH_F(Data, branchy_loop) { return layout::branchy(bytes.data(), int(bytes.size())); }
STEADY_BENCH_F(Data, hash_lookup) { return table.find(steady::opaque(31 * 7919))->second; }
STEADY_BENCH_F(Data, memcpy_64) {
  std::memcpy(to, steady::opaque(from), 64);
  return to[steady::opaque(5)];
}
STEADY_BENCH(dependent_chain) { return layout::dependent_chain(steady::opaque(std::uint64_t(3))); }
STEADY_BENCH_F(Data, vector_copy_4k) {
  dst = src;
  return dst.data()[steady::opaque(9)];
}
STEADY_BENCH_F(Data, other_tu_call) { return layout::other_tu_sum(ints, 256); }
