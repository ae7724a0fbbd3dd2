// The header and its manual primitives work without the plugin and with GCC:
// steady::sink / steady::opaque are plain inline asm with register operands.
// REQUIRES: gxx
// RUN: g++ -std=c++20 -O2 -Wall -Wextra -Werror -I%S/../../runtime/include -S %s -o - | %FileCheck %s
#include <steady/steady.h>

int f(int x, double y) {
  steady::sink(x * 3);
  steady::sink(y * 2.0);
  return steady::opaque(x) + 1;
}

// CHECK-LABEL: _Z1fid:
// CHECK-NOT:   (%rsp)
// CHECK:       ret
