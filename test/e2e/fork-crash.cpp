// A payload that aborts in fork 2 is reported (fork, signal) and the run goes
// on: forks 1 and 3 are measured and summarized, fork 2 is kept but marked.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --forks=3 --warmup-iterations=0 --iterations=2 --iteration-time=0.002 --json=%t.json 2>%t.err | %FileCheck %s --check-prefix=TABLE
// RUN: %FileCheck %s --check-prefix=ERR < %t.err
// RUN: %python %S/Inputs/results.py %t.json | %FileCheck %s
#include <cstdlib>
#include <cstring>
#include <steady/steady.h>

STEADY_BENCH(aborts_in_fork_2) {
  if (const char *f = std::getenv("STEADY_FORK"); f && !std::strcmp(f, "2"))
    std::abort();
  return 1;
}

// ERR: error: aborts_in_fork_2 fork 2 crashed: killed by signal 6 (Aborted); 0 iteration(s) kept, the run goes on
// TABLE: aborts_in_fork_2 {{.*}} 2/3 4 1 fork(s) failed
// CHECK: aborts_in_fork_2 fork 1: ok, 2 iterations
// CHECK: aborts_in_fork_2 fork 2: crashed, 0 iterations, killed by signal 6 (Aborted)
// CHECK: aborts_in_fork_2 fork 3: ok, 2 iterations
