; A constant table indexed by a variable is reached through its address made
; opaque once per invocation (an asm that returns its operand), so unrolling a
; loop over it cannot fold the loads.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@coeff = internal constant [4 x i32] [i32 3, i32 5, i32 7, i32 9]

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

; CHECK-LABEL: define i32 @payload(i64 %i)
; CHECK-NEXT:    %coeff.opaque = call ptr asm sideeffect "", "=r,0"(ptr @coeff)
; CHECK-NEXT:    %p = getelementptr inbounds [4 x i32], ptr %coeff.opaque, i64 0, i64 %i
; CHECK-NEXT:    %v = load i32, ptr %p
define i32 @payload(i64 %i) {
  %p = getelementptr inbounds [4 x i32], ptr @coeff, i64 0, i64 %i
  %v = load i32, ptr %p
  ret i32 %v
}
