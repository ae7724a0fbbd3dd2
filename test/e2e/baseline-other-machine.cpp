// A baseline recorded on another machine (here: its file says another CPU,
// this host's name with a suffix, so that no host can have it) gets no
// verdict: the change cell says "other machine", and a warning says what
// differs and what to do instead.
// RUN: rm -rf %t.dir
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: env STEADY_BASELINE_DIR=%t.dir %t --forks=3 --warmup-iterations=1 --iterations=3 --iteration-time=0.002 --save-baseline=before > /dev/null 2>&1
// RUN: %python -c "import json,sys; p=sys.argv[1]; d=json.load(open(p)); d['machine']['cpu']+=' (another one)'; json.dump(d, open(p,'w'))" %t.dir/baseline-other-machine.cpp.tmp/before.json
// RUN: env STEADY_BASELINE_DIR=%t.dir %t --forks=3 --warmup-iterations=1 --iterations=3 --iteration-time=0.002 --baseline=before 2>&1 | %FileCheck %s
#include <steady/steady.h>

STEADY_BENCH(mul) {
  unsigned x = 1;
  for (unsigned i = 0; i < 100; ++i)
    x = steady::opaque(x * 3 + i);
  return x;
}

// CHECK: warning: before was recorded on another machine (cpu '[[CPU:[^']+]] (another one)' vs '[[CPU]]'): a change in the table is the machine's as much as the code's, so it gets no verdict; save a baseline on this machine, or compare two builds side by side with steady ab
// CHECK: mul {{.*}} 3/3 {{ *}}9 {{ *}}{{[-+][0-9]+\.[0-9]}} % other machine
