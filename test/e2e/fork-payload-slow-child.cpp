// Without forks (--no-fork), a payload's child that is slower to reach the end
// of its first iteration than the run's own process is to end its iterations
// is still told: the run waits for the child to end instead of reading
// whether it had reported yet (it used to be an "ok" fork under load).
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: sh -c '%t --no-fork --forks=1 --warmup-iterations=0 --iterations=3 --iteration-time=0.002 --no-baseline; echo "exit $?"' 2>&1 | %FileCheck %s
#include <steady/steady.h>
#include <unistd.h>

static int calls;

STEADY_BENCH(forks) {
  if (++calls == 4 && fork() == 0)
    usleep(200000); // the child returns into the loop long after the parent's iterations
  return steady::opaque(1) + 1;
}

// CHECK: error: forks fork 1 error: the payload called fork() and its child process (pid {{[0-9]+}}) went on running the benchmark loop
// CHECK: exit 1
