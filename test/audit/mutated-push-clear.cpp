// A fixture payload that empties its vector and pushes the same 100 values
// again does the same work every invocation once the vector's storage has
// grown (the first invocation reallocates; operator delete of the old buffer
// does not read its elements): not a mutated input.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty
#include <steady/steady.h>
#include <vector>

struct Data : steady::Fixture {
  std::vector<int> pushed;
};

STEADY_BENCH_F(Data, vector_push_clear) {
  pushed.clear();
  for (int i = 0; i < 100; ++i)
    pushed.push_back(i);
  return pushed.size();
}

// CHECK-NOT: warning:
