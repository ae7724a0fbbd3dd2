// `steady evaluate` replays every criterion on a static recording and prints
// the analogues of Laaber et al.'s Tables 2 and 3, and the whole budget as
// the reference row "none"; a file that is not a
// result file is refused with exit 2, naming the file.
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: %t --stop=none --forks=3 --warmup-iterations=0 --iterations=16 --iteration-time=0.002 --json=%t.json > /dev/null
// RUN: %steady evaluate %t.json --iterations=4 --max-warmup=10 --max-forks=3 --resamples=1000 | %FileCheck %s
// RUN: echo '{"schema": "other"}' > %t.bad.json
// RUN: not %steady evaluate %t.bad.json 2>&1 | %FileCheck %s --check-prefix=BAD
// RUN: echo '{"schema": ' > %t.trunc.json
// RUN: not %steady evaluate %t.trunc.json 2>&1 | %FileCheck %s --check-prefix=TRUNC
#include <steady/steady.h>

STEADY_BENCH(mul) { return 12345u * 678u; }
STEADY_BENCH(div) { return 1234567u / 89u; }

// CHECK: steady evaluate: 2 benchmarks from {{.*}}.json
// CHECK: criterion{{.*}}not different{{.*}}time saved{{.*}}CI ±% median/max
// CHECK: cv {{ *}}{{[0-9.]+}}%
// CHECK: rciw {{ *}}{{[0-9.]+}}%
// CHECK: kld {{ *}}{{[0-9.]+}}%
// CHECK: rciw+kld {{ *}}{{[0-9.]+}}%
// CHECK: precision {{ *}}{{[0-9.]+}}% {{.*}} {{[0-9.]+}} / {{[0-9.]+}}{{$}}
// "none" spends the whole dynamic budget: 3 forks x (10 + 4) of 3 x 16 iterations.
// CHECK: none {{ *}}{{[0-9.]+}}% {{.*}} 12.5% {{ *}}10.0 ± 0.0 {{ *}}3.0 ± 0.0
// BAD: steady evaluate: '{{.*}}bad.json' is not a steady result file (schema steady-results/1)
// TRUNC: steady evaluate: '{{.*}}trunc.json' is not valid JSON
