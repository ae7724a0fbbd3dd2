// The payloads of the traced selection test (the library is select-lib.cpp):
// all but `untouched` reach the changed `leaf` in the plugin's records;
// `runs_leaf` calls it, `skips_leaf` only on a branch its input never takes.
#include <steady/steady.h>

int leaf(int x);
int other(int x);

STEADY_BENCH(runs_leaf) { return leaf(steady::opaque(4)); }
STEADY_BENCH(skips_leaf) {
  int x = steady::opaque(4);
  return x > 100 ? leaf(x) : other(x);
}
STEADY_BENCH(untouched) { return other(steady::opaque(4)); }
