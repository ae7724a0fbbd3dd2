// clang runs steady-protect at the start of the -O1, -O2 and -O3 pipelines;
// at -O0 nothing is optimized away and the plugin leaves the code alone.
// RUN: %clangxx -O1 -fpass-plugin=%plugin -Rpass=steady -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=PROTECTED
// RUN: %clangxx -O2 -fpass-plugin=%plugin -Rpass=steady -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=PROTECTED
// RUN: %clangxx -O3 -fpass-plugin=%plugin -Rpass=steady -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=PROTECTED
// RUN: %clangxx -O0 -fpass-plugin=%plugin -Rpass=steady -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=O0 --allow-empty
#include <cmath>
#include <steady/steady.h>

STEADY_BENCH(levels) { return std::sqrt(2.0); }

// PROTECTED: optimization-levels.cpp:10:31: remark: literal argument double 2 of call to 'sqrt' is read through a volatile load
// O0-NOT: remark
