// String formatting and parsing.
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <steady/steady.h>
#include <string>

#include "inputs.h"

using examples::inputs;

STEADY_BENCH(snprintf_double) {
  char buf[64];
  return std::snprintf(buf, sizeof buf, "%.6f", 3.14159265358979);
}

STEADY_BENCH(to_chars_int) {
  char buf[32];
  auto r = std::to_chars(buf, buf + sizeof buf, 1234567890);
  return r.ptr - buf;
}

STEADY_BENCH(parse_512_ints) {
  long sum = 0;
  for (const std::string &s : inputs().numbers)
    sum += std::strtol(s.c_str(), nullptr, 10);
  return sum;
}

STEADY_BENCH(concat_words) {
  std::string out;
  for (int i = 0; i < 64; ++i)
    out += inputs().words[i];
  return out.size();
}
