// bench-load, steady side.
#include <steady/steady.h>

#include "../one_call.h"
#include "payloads.h"

LOAD_PAYLOADS(STEADY_ONE_CALL_BENCH)
