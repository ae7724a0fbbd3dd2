// The payloads of the selection tests (the library is select-lib.cpp, another
// translation unit): `direct` calls the changed function, `inlined` reaches it
// through a helper that is inlined away, `table` through a function pointer
// in a table; `untouched` reaches only unchanged code.
#include <steady/steady.h>

int leaf(int x);
int other(int x);

static int helper(int x) { return leaf(x) + 1; }

static int (*const ops[])(int) = {leaf, other};

STEADY_BENCH(direct) { return leaf(steady::opaque(4)); }
STEADY_BENCH(inlined) { return helper(steady::opaque(4)); }
STEADY_BENCH(table) { return ops[steady::opaque(1) & 1](5); }
STEADY_BENCH(untouched) { return other(steady::opaque(4)); }
