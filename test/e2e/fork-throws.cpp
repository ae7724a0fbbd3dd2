// An exception escaping a payload ends that fork with the exception's
// message; the other benchmarks still run.
// Every fork of it failed, so the run exits 1.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %not %t --forks=1 --warmup-iterations=0 --iterations=1 --iteration-time=0.002 --json=%t.json 2>%t.err >/dev/null
// RUN: %FileCheck %s --check-prefix=ERR < %t.err
// RUN: %python %S/Inputs/results.py %t.json | %FileCheck %s
#include <stdexcept>
#include <steady/steady.h>

STEADY_BENCH(throws) {
  throw std::runtime_error("input file missing");
  return 0;
}
STEADY_BENCH(fine) { return 7 * 6; }

// ERR: error: throws fork 1 error: exception: input file missing; 0 iteration(s) kept, the run goes on
// CHECK: throws fork 1: error, 0 iterations, exception: input file missing
// CHECK: fine fork 1: ok, 1 iterations
