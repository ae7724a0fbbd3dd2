// --profile=steady-state: a static configuration for long series (3 forks x
// 600 iterations x 10 ms, no warmup iterations, no warmup forks, --stop=none),
// recorded in the JSON config with the profile's name; options given alongside
// override the profile's values, the others stay; every fork then measures
// exactly that many iterations, none flagged warmup, and `steady analyze`
// reads the result. (The defaults are checked on a run whose forks --timeout
// stops after 50 ms, so that the test does not take 20 s.)
// RUN: %clangxx -O2 -fpass-plugin=%plugin %s %libsteady -o %t
// RUN: not %t --profile=steady-state --timeout=0.05 --json=%t.defaults.json > /dev/null 2>&1
// RUN: %python -c "import json; c=json.load(open(r'%t.defaults.json'))['config']; print(*(f'{k}={c[k]}' for k in ['profile','forks','warmup_forks','warmup_iterations','iterations','warmup_time','iteration_time','stop']))" | %FileCheck %s --check-prefix=DEFAULTS
// RUN: %t --profile=steady-state --forks=2 --iterations=24 --iteration-time=0.0005 --json=%t.json > /dev/null
// RUN: %python -c "import json; d=json.load(open(r'%t.json')); c=d['config']; print(*(f'{k}={c[k]}' for k in ['profile','forks','warmup_iterations','iterations','iteration_time','stop'])); print('per fork', sorted({(len(f['iterations']), sum(i['warmup'] for i in f['iterations'])) for b in d['benchmarks'] for f in b['forks']}), 'forks', [len(b['forks']) for b in d['benchmarks']])" | %FileCheck %s --check-prefix=OVERRIDE
// RUN: %steady analyze %t.json | %FileCheck %s --check-prefix=ANALYZE
// RUN: not %t --profile=steady-state --stop=rciw --timeout=0.05 --json=%t.stop.json > /dev/null 2>&1
// RUN: %python -c "import json; print('stop', json.load(open(r'%t.stop.json'))['config']['stop'])" | %FileCheck %s --check-prefix=STOP
// RUN: %t --help | %FileCheck %s --check-prefix=HELP
// RUN: not %t --profile=fast 2>&1 | %FileCheck %s --check-prefix=BAD
#include <steady/steady.h>

STEADY_BENCH(add) { return 40 + 2; }

// DEFAULTS: profile=steady-state forks=3 warmup_forks=0 warmup_iterations=0 iterations=600 warmup_time=0.01 iteration_time=0.01 stop=none
// OVERRIDE: profile=steady-state forks=2 warmup_iterations=0 iterations=24 iteration_time=0.0005 stop=none
// OVERRIDE-NEXT: per fork [(24, 0)] forks [2]
// ANALYZE: add
// ANALYZE-NEXT: {{stable|unstable|mixed}} ({{[0-2]}} of 2 forks steady)
// ANALYZE-NEXT: fork 1: 24 iterations, {{steady from iteration [0-9]+|not steady}}
// ANALYZE-NEXT: fork 2: 24 iterations, {{steady from iteration [0-9]+|not steady}}
// STOP: stop rciw
// HELP: --profile
// HELP: steady-state: a static configuration recording long series for `steady analyze`: 3 forks x 600 iterations x 10 ms
// BAD: --profile: fast not in {steady-state}
