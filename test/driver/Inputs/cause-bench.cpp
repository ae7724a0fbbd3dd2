// The payloads of the root-cause test (the library is cause-lib.cpp): `both`
// calls the costly change and the costless one, `cold_only` the costless one.
#include <steady/steady.h>

int hot(int x);
int cold(int x);

STEADY_BENCH(both) { return hot(steady::opaque(4)) + cold(steady::opaque(5)); }
STEADY_BENCH(cold_only) { return cold(steady::opaque(4)); }
