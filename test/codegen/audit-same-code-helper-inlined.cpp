// Looking changes no code where a Google Benchmark helper is judged in the
// function it is inlined into: at -g0 the helper (Search, registered through
// BENCHMARK_CAPTURE's lambda) gets line tables of its own for the audit, and
// none of them reaches the assembly, nor does anything else: an audited
// compile assembles to the plain compile's without the plugin, but for the
// plugin's reach records (data in the steady_reach section).
// RUN: %clangxx -O2 -g0 -S %s -o %t.plain.s
// RUN: %clangxx -O2 -g0 -fpass-plugin=%plugin -mllvm -steady-audit -S %s -o %t.audit.s 2>&1 | %FileCheck %s --check-prefix=AUDIT --allow-empty
// RUN: %FileCheck %s < %t.audit.s
// RUN: awk '/\.type.\.Lsteady\.reach\.text/ { skip = 1 } skip && /^$/ { skip = 0; next } !skip && !/addrsig_sym .Lsteady.reach.text/' %t.audit.s > %t.audit-code.s
// RUN: diff %t.plain.s %t.audit-code.s
#include <benchmark/benchmark.h>
#include <string>

static void Search(benchmark::State &state, const std::string &text, char c) {
  for (auto _ : state) {
    size_t hits = 0;
    for (char x : text)
      hits += x == c;
    benchmark::DoNotOptimize(hits);
  }
}
BENCHMARK_CAPTURE(Search, letters, std::string(256, 'a'), 'a');

// AUDIT-NOT: warning:
// CHECK-NOT: {{\.loc[[:space:]]}}
// CHECK-NOT: steady-audit
// CHECK: .section steady_reach
