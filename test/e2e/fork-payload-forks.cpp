// A payload that calls fork() and lets the child return into the benchmark
// loop: the child is ended at its first report and the fork fails with the
// reason, keeping the parent's iterations only (each index once); it used to
// be an "ok" fork with both processes' iterations (6 for --iterations=3).
// The same without forks (--no-fork): the run's own process is not copied.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: sh -c '%t --forks=2 --warmup-iterations=0 --iterations=3 --iteration-time=0.002 --no-baseline --json=%t.json; echo "exit $?"' 2>&1 | %FileCheck %s --check-prefix=ERR
// RUN: %python -c "import json; [print(f['status'], [i['index'] for i in f['iterations']]) for f in json.load(open('%t.json'))['benchmarks'][0]['forks']]" | %FileCheck %s --check-prefix=JSON
// RUN: sh -c '%t --no-fork --forks=1 --warmup-iterations=0 --iterations=3 --iteration-time=0.002 --no-baseline --json=%t.nofork.json; echo "exit $?"' 2>&1 | %FileCheck %s --check-prefix=NOFORK
// RUN: %python -c "import json; [print(f['status'], [i['index'] for i in f['iterations']]) for f in json.load(open('%t.nofork.json'))['benchmarks'][0]['forks']]" | %FileCheck %s --check-prefix=JSON
#include <steady/steady.h>
#include <unistd.h>

static int calls;

STEADY_BENCH(forks) {
  if (++calls == 4)
    (void)fork(); // the child is not ended: it returns into the loop
  return steady::opaque(1) + 1;
}

// ERR: error: forks fork 1 error: the payload called fork() and its child process (pid {{[0-9]+}}) went on running the benchmark loop: this fork's data would be both processes'; end the child with _exit() before the payload returns; 3 iteration(s) kept, the run goes on
// ERR: error: forks fork 2 error: the payload called fork()
// ERR: exit 1
// JSON: error [0, 1, 2]
// JSON-NOT: ok
// NOFORK: error: forks fork 1 error: the payload called fork() and its child process (pid {{[0-9]+}}) went on running the benchmark loop
// NOFORK: exit 1
