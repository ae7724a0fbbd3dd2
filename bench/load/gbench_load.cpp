// bench-load, Google Benchmark side: the same payloads, written as its users do.
#include <benchmark/benchmark.h>

#include "../one_call.h"
#include "payloads.h"

LOAD_PAYLOADS(GB_ONE_CALL_BENCH)

BENCHMARK_MAIN();
