// The measurement loop may live in a helper that takes the State& and more
// arguments (registered through BENCHMARK_CAPTURE): the helper is audited,
// under its own name, and the lambda that forwards to it is not.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -mllvm -steady-audit-json=%t.json -c %s -o /dev/null 2>&1 | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
#include <benchmark/benchmark.h>
#include <string>

static void Search(benchmark::State &state, const std::string &text, char c) {
  for (auto _ : state) {
    size_t hits = 0;
    for (char x : text)
      hits += x == c;
  }
}
BENCHMARK_CAPTURE(Search, letters, std::string(256, 'a'), 'a');

// CHECK: gbench-helper-with-arguments.cpp:13:12: warning: the 'add' (i64) in benchmark 'Search' is never used
// CHECK-NOT: warning:

// JSON:      "audited": [
// JSON-NEXT:   {
// JSON-NEXT:     "function": "Search",
// JSON-NEXT:     "kind": "gbench"
// JSON-NEXT:   }
// JSON-NEXT: ],
