// A payload's child process that lives on (fork() without exec, here asleep)
// holds the fork's report pipe: the runner reads on briefly after the fork
// has ended, not until the child ends (it used to wait for it, and past
// --timeout forever). Both forks are ok.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: rm -f %t.pids
// RUN: env PIDS=%t.pids sh -c '%t --forks=2 --warmup-iterations=0 --iterations=2 --iteration-time=0.002 --no-baseline --timeout=300 --json=%t.json; echo "exit $?"' 2>&1 | %FileCheck %s
// RUN: sh -c 'kill $(cat %t.pids)'
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <steady/steady.h>
#include <unistd.h>

STEADY_BENCH(lingers) {
  static bool started;
  if (!started) {
    started = true;
    if (fork() == 0) {
      int null = open("/dev/null", O_WRONLY); // not the test's output pipe
      dup2(null, 1);
      dup2(null, 2);
      FILE *f = std::fopen(std::getenv("PIDS"), "a");
      std::fprintf(f, "%d\n", getpid());
      std::fclose(f);
      sleep(300);
      _exit(0);
    }
  }
  return steady::opaque(1) + 1;
}

// CHECK-NOT: error
// CHECK: lingers {{.*}} 2/2
// CHECK: exit 0
