// A function that takes a State and loops, but whose loop the State does not
// drive (here a count up to state.iterations(), the look-alike's old API), is
// not audited: said once for the translation unit, with the reason, and
// listed in the JSON summary. A helper taking the State without a loop is
// not listed.
// RUN: %clangxx -g0 -O2 -fpass-plugin=%plugin -mllvm -steady-audit -mllvm -steady-audit-json=%t.json -c %s -o /dev/null 2>&1 | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
#include <cstdint>

int Work(int);

namespace benchmark {
class State {
public:
  explicit State(int64_t iters) : iters_(iters) {}
  int64_t iterations() const { return iters_; }
  void SetItemsProcessed(int64_t) {}

private:
  int64_t iters_;
};
} // namespace benchmark

void Register(const char *, void (*)(benchmark::State &));

void BM_count(benchmark::State &state) {
  int s = 0;
  for (int64_t i = 0; i < state.iterations(); ++i)
    s += Work(s);
  Work(s);
}

void BM_count2(benchmark::State &state) {
  for (int64_t i = 0; i < state.iterations(); ++i)
    Work(int(i));
}

void SetItems(benchmark::State &state) { state.SetItemsProcessed(state.iterations()); }

// CHECK: gbench-not-audited.cpp:26:{{[0-9]+}}: warning: steady-audit: 2 functions not audited (BM_count, BM_count2): it takes a State and has a loop, but no loop in it (or in a helper it calls) asks the State for the next iteration
// CHECK-NOT: steady-audit:
// CHECK-NOT: warning:
// JSON: "audited": []
// JSON: "not_audited": [
// JSON: "function": "BM_count"
// JSON-NEXT: "reason": "it takes a State and has a loop
// JSON: "function": "BM_count2"
// JSON-NOT: SetItems
