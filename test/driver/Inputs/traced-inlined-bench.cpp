// The payloads of the inlined selection test (the library is
// select-inlined-lib.cpp): both run `outer`, into which the changed `inner`
// is inlined; only `takes_inner`'s input takes the branch to it.
#include <steady/steady.h>

int outer(int x);

STEADY_BENCH(takes_inner) { return outer(steady::opaque(400)); }
STEADY_BENCH(skips_inner) { return outer(steady::opaque(4)); }
