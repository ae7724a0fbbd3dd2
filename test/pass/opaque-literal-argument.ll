; Literal scalar arguments of calls (fib(30), log(2.5)) are read through
; volatile loads; each distinct constant is loaded once per invocation.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

declare i64 @fib(i32)
declare double @log(double)

; CHECK: @steady.opaque = private global i32 30
; CHECK: @steady.opaque.1 = private global double 2.500000e+00

; CHECK-LABEL: define double @payload()
; CHECK-NEXT:    %steady.opaque = load volatile i32, ptr @steady.opaque
; CHECK-NEXT:    %steady.opaque1 = load volatile double, ptr @steady.opaque.1
; CHECK-NEXT:    %f = call i64 @fib(i32 %steady.opaque)
; CHECK-NEXT:    %g = call i64 @fib(i32 %steady.opaque)
; CHECK-NEXT:    %l = call double @log(double %steady.opaque1)
; CHECK-NOT:     volatile
define double @payload() {
  %f = call i64 @fib(i32 30)
  %g = call i64 @fib(i32 30)
  %l = call double @log(double 2.5)
  %s = add i64 %f, %g
  %sf = sitofp i64 %s to double
  %r = fadd double %sf, %l
  ret double %r
}
