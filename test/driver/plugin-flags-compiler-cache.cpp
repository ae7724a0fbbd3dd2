// Compiler caches hash the files given with -fplugin, not those given with
// -fpass-plugin (ccache 4.7): the flags steady gives a build load the plugin
// both ways, so a cache misses after the plugin changed instead of serving
// objects the old plugin compiled (without its protection or findings).
// RUN: rm -rf %t && mkdir -p %t && cp %plugin %t/SteadyPass-22.so
// RUN: env STEADY_PLUGIN=%t/SteadyPass-22.so %steady audit --print-flags > %t/flags
// RUN: bash -c 'export CCACHE_DIR=%t/cache; c() { ccache %clangxx -O2 $(cat %t/flags) -c %s -o %t/b.o; }; \
// RUN:   c && c && touch -d "+1 minute" %t/SteadyPass-22.so && c && ccache --print-stats' | %FileCheck %s
// steady c++ gives clang the same two: -fplugin becomes cc1's -load.
// RUN: env STEADY_PLUGIN=%t/SteadyPass-22.so %steady c++ -### -c %s 2>&1 | %FileCheck %s --check-prefix=CXX
// CHECK-DAG: {{^}}cache_miss{{[[:space:]]+}}2{{$}}
// CHECK-DAG: {{^}}direct_cache_hit{{[[:space:]]+}}1{{$}}
// CXX: "-load" "{{[^"]*}}/SteadyPass-22.so"
// CXX-SAME: "-fpass-plugin={{[^"]*}}/SteadyPass-22.so"
#include <steady/steady.h>

int data[64];

STEADY_BENCH(sum) {
  int s = 0;
  for (int x : data)
    s += x;
  steady::sink(s);
}
