// A benchmark defined in a header: every file that includes it registers it.
#pragma once
#include <steady/steady.h>

STEADY_BENCH(defined_in_a_header) { return 6 * 7; }
