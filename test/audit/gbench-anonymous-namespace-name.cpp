// A benchmark in an anonymous namespace is named in the warning and in the
// JSON summary by its qualified name without the anonymous namespace (the
// demangled name starts with "(anonymous namespace)::", which holds a '(').
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -mllvm -steady-audit-json=%t.json -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=WARN
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
#include <benchmark/benchmark.h>

namespace lib {
namespace {
void BM_square(benchmark::State &state) {
  long x = state.range(0);
  for (auto _ : state) {
    long y = x * x;
  }
}
BENCHMARK(BM_square)->Arg(3);
} // namespace
} // namespace lib

// WARN: warning: the 'mul' (i64) in benchmark 'lib::BM_square' is never used

// JSON:      "audited": [
// JSON-NEXT:   {
// JSON-NEXT:     "function": "lib::BM_square",
// JSON-NEXT:     "kind": "gbench"
// JSON:      "findings": [
// JSON-NEXT:   {
// JSON:          "function": "lib::BM_square",
