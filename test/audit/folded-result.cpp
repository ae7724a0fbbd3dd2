// A payload whose result folds to a constant even with protection (a closed
// form over literal bounds) is reported with the input to make opaque; the
// expert version reading the bound opaquely, and one that asks for folding
// with steady::fold, get no warning.
// RUN: %clangxx -g -O2 -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=NAIVE
// RUN: %clangxx -g -O2 -DEXPERT -fpass-plugin=%plugin -mllvm -steady-audit -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=EXPERT --allow-empty
#include <cmath>
#include <steady/steady.h>

STEADY_BENCH(closed_form) {
  unsigned s = 0;
#ifndef EXPERT
  for (unsigned i = 0; i < 1000; ++i)
#else
  for (unsigned i = 0; i < steady::opaque(1000u); ++i)
#endif
    s += i;
  return s;
}

STEADY_BENCH(folding_on_purpose) { return std::log(steady::fold(2.5)); }

// NAIVE: folded-result.cpp:13:26: warning: the result of payload 'closed_form' is folded to a compile-time constant: every invocation measures nothing; make its input opaque with steady::opaque(): 1000 at line 13:26 [-Wpass-failed]
// NAIVE-NOT: warning:
// EXPERT-NOT: warning:
