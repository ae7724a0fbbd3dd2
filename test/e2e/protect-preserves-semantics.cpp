// Protection is semantics-preserving: a real program with every function
// protected as a payload (exceptions, virtual calls, containers, strings,
// dead partial sums) is verified after every pass of the O2 pipeline and
// prints exactly what the unprotected program prints.
// RUN: %clangxx -O2 %S/Inputs/selfcheck.cpp -o %t.plain
// RUN: %t.plain > %t.plain.out
// RUN: %clangxx -O2 -Xclang -disable-llvm-passes -S -emit-llvm %S/Inputs/selfcheck.cpp -o %t.ll
// RUN: %opt -steady-all-payloads -passes='default<O2>' -verify-each %t.ll -o %t.bc
// RUN: %clangxx -O2 %t.bc -o %t.protected
// RUN: %t.protected > %t.protected.out
// RUN: diff %t.plain.out %t.protected.out
// RUN: %FileCheck %s < %t.protected.out

// CHECK: fib(25)=75025
// CHECK: div=142857 mod=4
// CHECK: parsed 42
// CHECK: error: trailing characters in '17x'
// CHECK: parsed -5
// CHECK: buf=steady
