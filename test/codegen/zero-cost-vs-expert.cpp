// Protection costs no instructions: each naive payload compiled with the plugin
// has no more instructions in its measured code than the same payload written
// by hand to consume the same values (steady::sink / steady::opaque, the way an
// expert uses benchmark::DoNotOptimize), compiled without the plugin.
// RUN: %clangxx -O2 -fpass-plugin=%plugin -S %S/../../bench/protect/payloads.cpp -o %t.protected.s
// RUN: %clangxx -O2 -DEXPERT -S %S/../../bench/protect/payloads.cpp -o %t.expert.s
// RUN: %python %S/../../scripts/count-instructions %t.protected.s %t.expert.s \
// RUN:   log_constant unused_sum vector_fill add_chain division_literal string_dropped \
// RUN:   | %FileCheck %s

// CHECK: log_constant: protected={{[0-9]+}} expert={{[0-9]+}} ok
// CHECK: unused_sum: protected={{[0-9]+}} expert={{[0-9]+}} ok
// CHECK: vector_fill: protected={{[0-9]+}} expert={{[0-9]+}} ok
// CHECK: add_chain: protected={{[0-9]+}} expert={{[0-9]+}} ok
// CHECK: division_literal: protected={{[0-9]+}} expert={{[0-9]+}} ok
// CHECK: string_dropped: protected={{[0-9]+}} expert={{[0-9]+}} ok
