// bench-runtime, steady side: an empty payload and add chains of N and 2N.
#include <steady/steady.h>

#include "../one_call.h"
#include "payloads.h"

// Returns a value so that the harness loop (with its sink) stays: what is left
// after subtracting the calibrated loop cost is the error of that subtraction.
STEADY_BENCH(empty) { return 0; }
STEADY_BENCH(add_chain_1000) { return payloads::add_chain<1000>(steady::opaque(1ull), 3); }
STEADY_BENCH(add_chain_2000) { return payloads::add_chain<2000>(steady::opaque(1ull), 3); }

// One call per invocation, written as a steady user would: opaque input, result returned.
STEADY_ONE_CALL_PAYLOADS(STEADY_ONE_CALL_BENCH)
