// Looking changes no code: the audit's copies of a Google Benchmark function
// call private copies of the internal functions it calls, so a static helper
// called once is still inlined with the one-caller bonus, and the assembly of
// an audited compile is the plain compile's without the plugin at all, but
// for the plugin's reach records (data in the steady_reach section, the same
// with and without the audit: audit/gbench-codegen-unchanged.cpp).
// RUN: %clangxx -O2 -g0 -S %s -o %t.plain.s
// RUN: %clangxx -O2 -g0 -fpass-plugin=%plugin -mllvm -steady-audit -S %s -o %t.audit.s 2>/dev/null
// RUN: %FileCheck %s < %t.plain.s
// RUN: %FileCheck %s < %t.audit.s
// RUN: grep -q 'section.steady_reach' %t.audit.s
// RUN: awk '/\.type.\.Lsteady\.reach\.text/ { skip = 1 } skip && /^$/ { skip = 0; next } !skip && !/addrsig_sym .Lsteady.reach.text/' %t.audit.s > %t.audit-code.s
// RUN: diff %t.plain.s %t.audit-code.s
#include <benchmark/benchmark.h>
#include <vector>

static long mix(const std::vector<long> &v) {
  long h = 0;
  for (long x : v) {
    h ^= x * 0x9E3779B97F4A7C15L;
    h = (h << 13) | (h >> 51);
    h += x / 7 + x % 13;
    if (h & 1)
      h *= 31;
    else
      h += 17;
    if (h & 2)
      h -= x * 3;
    else
      h ^= x << 5;
    if (h & 4)
      h += x / 3;
    else
      h ^= x >> 2;
    if (h & 8)
      h *= 7;
    else
      h += x % 11;
  }
  for (long x : v) {
    h += x * x;
    if (h % 5 == 0)
      h /= 3;
    if (h % 7 == 0)
      h *= 5;
    if (h % 9 == 0)
      h -= 9;
    if (h % 11 == 0)
      h ^= 11;
  }
  return h;
}

static void BM_mix(benchmark::State &state) {
  std::vector<long> v(state.range(0), 5);
  for (auto _ : state)
    benchmark::DoNotOptimize(mix(v));
}
BENCHMARK(BM_mix)->Arg(64);

// CHECK-LABEL: _ZL6BM_mixRN9benchmark5StateE:
// CHECK-NOT: call{{.*}}mix
// CHECK: .cfi_endproc
