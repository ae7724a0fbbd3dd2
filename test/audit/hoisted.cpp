// Work that gives the same result in every invocation is hoisted out of the
// measurement loop: reported at the computation; the expert version reading
// its input through steady::opaque gets no warning.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=NAIVE
// RUN: %clangxx -g -O2 -DEXPERT -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=EXPERT --allow-empty
#include <steady/steady.h>

double scale = 2.0, offset = 1.5, result;

#ifndef EXPERT
STEADY_BENCH(store_global) { result = scale * 3.5 + offset; }
#else
STEADY_BENCH(store_global) { result = steady::opaque(scale) * 3.5 + offset; }
#endif

// NAIVE: hoisted.cpp:11:51: warning: the result of 'llvm.fmuladd.f64' (double) in payload 'store_global' gives the same result in every invocation and is hoisted out of the measurement loop, so it runs once per batch instead of once per invocation; read its inputs through steady::opaque() [-Wpass-failed]
// NAIVE-NOT: warning:
// EXPERT-NOT: warning:
