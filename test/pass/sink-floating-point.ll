; Floating-point and vector values are sunk in an SSE register ("x"), never
; through memory ("m" would force a spill).
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

target triple = "x86_64-pc-linux-gnu"

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

; CHECK-LABEL: define void @payload(double %x, float %y, <4 x float> %v)
; CHECK:         %d = fmul double %x, %x
; CHECK-NEXT:    call void asm sideeffect "", "x"(double %d)
; CHECK:         %f = fadd float %y, %y
; CHECK-NEXT:    call void asm sideeffect "", "x"(float %f)
; CHECK:         %w = fadd <4 x float> %v, %v
; CHECK-NEXT:    call void asm sideeffect "", "x"(<4 x float> %w)
; CHECK-NOT:     "m"
define void @payload(double %x, float %y, <4 x float> %v) {
  %d = fmul double %x, %x
  %f = fadd float %y, %y
  %w = fadd <4 x float> %v, %v
  ret void
}
