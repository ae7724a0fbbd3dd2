; A local whose every store is a constant (double x = 2.5; int a = 7;) is read
; through a volatile load of a private global holding the constant, placed once
; in the entry block; the local itself is then promoted to SSA.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

; CHECK: @steady.opaque = private global double 2.500000e+00
; CHECK: @steady.opaque.1 = private global i32 7

; CHECK-LABEL: define double @payload(double %y)
; CHECK-NEXT:    %steady.opaque = load volatile double, ptr @steady.opaque
; CHECK-NEXT:    %steady.opaque1 = load volatile i32, ptr @steady.opaque.1
; CHECK-NOT:     alloca
; CHECK:         %m = fmul double %steady.opaque, %y
; CHECK-NEXT:    %f = sitofp i32 %steady.opaque1 to double
; CHECK-NEXT:    %r = fadd double %m, %f
; CHECK-NEXT:    ret double %r
define double @payload(double %y) {
  %x = alloca double, align 8
  %a = alloca i32, align 4
  store double 2.5, ptr %x, align 8
  store i32 7, ptr %a, align 4
  %xv = load double, ptr %x, align 8
  %av = load i32, ptr %a, align 4
  %m = fmul double %xv, %y
  %f = sitofp i32 %av to double
  %r = fadd double %m, %f
  ret double %r
}
