// Times are printed in the unit that keeps them between 1 and 1000 (ns, µs,
// ms), per row; a fixture declaring bytes or items per invocation gets a
// throughput column; --markdown writes the same table as Markdown.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --no-baseline --forks=1 --warmup-iterations=0 --iterations=2 --iteration-time=0.01 --markdown=%t.md | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=MD < %t.md
#include <steady/steady.h>

#include <cstring>
#include <vector>

static unsigned spin(unsigned n) {
  unsigned x = 1;
  for (unsigned i = 0; i < n; ++i)
    x = steady::opaque(x * 3 + i);
  return x;
}

STEADY_BENCH(nanoseconds) { return 6 * 7; }
STEADY_BENCH(microseconds) { return spin(20000); }
STEADY_BENCH(milliseconds) { return spin(4000000); }

struct Buffer : steady::Fixture {
  std::vector<char> from = std::vector<char>(1 << 16, 'x'), to = std::vector<char>(1 << 16);
  double bytes_per_op() const override { return double(from.size()); }
  double items_per_op() const override { return 1; }
};
STEADY_BENCH_F(Buffer, copy_64k) {
  std::memcpy(to.data(), from.data(), from.size());
  steady::clobber_memory();
}

// CHECK: benchmark {{ *}}time/op {{ *}}99% CI {{ *}}ticks/op {{.*}}throughput {{ *}}forks {{ *}}iters
// CHECK: nanoseconds {{ *}}{{[0-9.]+}} ns {{ *}}[{{[0-9.]+}}, {{[0-9.]+}}] {{.*}} - {{ *}}1/1
// CHECK: microseconds {{ *}}{{[0-9.]+}} µs {{ *}}[{{[0-9.]+}}, {{[0-9.]+}}] {{.*}} - {{ *}}1/1
// CHECK: milliseconds {{ *}}{{[0-9.]+}} ms {{ *}}[{{[0-9.]+}}, {{[0-9.]+}}] {{.*}} - {{ *}}1/1
// CHECK: copy_64k {{ *}}{{[0-9.]+}} {{n|µ}}s {{.*}} {{[0-9.]+}} {{[kMGT]?}}B/s, {{[0-9.]+}} {{[kMGT]?}}items/s {{ *}}1/1

// MD: | benchmark | time/op | 99% CI | ticks/op | {{.*}}throughput | forks | iters | notes |
// MD-NEXT: | --- | ---: |
// MD-NEXT: | nanoseconds | {{[0-9.]+}} ns |
// MD: | copy_64k | {{.*}}B/s
