// A loop that appends to output set up before it (seqan3's `uncompressed`: a
// character per iteration through an ostreambuf_iterator into an
// ostringstream) moves a write position forward every iteration and never
// rewinds it; at the end of the buffer an out-of-line call (the stream
// buffer's virtual overflow) takes over, which grows a string stream. Reported
// as output that keeps growing, with advice to bound it in the loop (not to
// restore it under PauseTiming, which costs more than the append, or to copy
// it). Same at -g0 and with line tables.
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=warning:
// RUN: %clangxx -gline-tables-only -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=warning:
#include <benchmark/benchmark.h>
#include <iterator>
#include <sstream>

void BM_append(benchmark::State &state) {
  std::ostringstream os;
  std::ostreambuf_iterator<char> oit{os};
  size_t i = 0;
  for (auto _ : state)
    oit = static_cast<char>(i++ % 128);
}
BENCHMARK(BM_append);

// CHECK: warning: benchmark 'BM_append' appends to output set up before the loop every iteration and never rewinds it
// CHECK-SAME: bound it in the loop
