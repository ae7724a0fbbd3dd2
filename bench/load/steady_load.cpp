// bench-load, steady side.
#include <steady/steady.h>

#include "payloads.h"

#define STEADY_LOAD(name, input, call)                                                                                 \
  STEADY_BENCH(name) {                                                                                                 \
    auto x = steady::opaque(input);                                                                                    \
    return call;                                                                                                       \
  }
LOAD_PAYLOADS(STEADY_LOAD)
