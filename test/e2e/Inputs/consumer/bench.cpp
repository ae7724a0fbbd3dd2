#include <cmath>
#include <steady/steady.h>

STEADY_BENCH(consumer_log) { return std::log(2.5); }
