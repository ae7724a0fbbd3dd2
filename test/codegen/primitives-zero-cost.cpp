// steady::sink and steady::opaque emit no instruction of their own (empty
// #APP blocks) and never force a value through memory: integers stay in a
// general register, floating point in an SSE register.
// RUN: %clangxx -O2 -fno-asynchronous-unwind-tables -S %s -o - | %FileCheck %s
#include <steady/steady.h>

// CHECK-LABEL: _Z8sink_intii:
// CHECK-NEXT:  # %bb.0:
// CHECK-NEXT:    imull %esi, %edi
// CHECK-NEXT:    #APP
// CHECK-NEXT:    #NO_APP
// CHECK-NEXT:    retq
void sink_int(int a, int b) { steady::sink(a * b); }

// CHECK-LABEL: _Z11sink_doubledd:
// CHECK-NEXT:  # %bb.0:
// CHECK-NEXT:    mulsd %xmm1, %xmm0
// CHECK-NEXT:    #APP
// CHECK-NEXT:    #NO_APP
// CHECK-NEXT:    retq
void sink_double(double a, double b) { steady::sink(a * b); }

// CHECK-LABEL: _Z10opaque_intv:
// CHECK-NEXT:  # %bb.0:
// CHECK-NEXT:    movl $42, %eax
// CHECK-NEXT:    #APP
// CHECK-NEXT:    #NO_APP
// CHECK-NEXT:    incl %eax
// CHECK-NEXT:    retq
int opaque_int() { return steady::opaque(42) + 1; }

// CHECK-LABEL: _Z13opaque_doublev:
// CHECK-NOT:     (%rsp)
// CHECK:         #APP
// CHECK-NEXT:    #NO_APP
// CHECK-NEXT:    addsd
// CHECK-NOT:     (%rsp)
// CHECK:         retq
double opaque_double() { return steady::opaque(2.5) + 1.0; }
