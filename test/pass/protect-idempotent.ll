; Protecting twice changes nothing the second time: sinks are not sunk again
; and opaque inputs are not wrapped again.
; RUN: %opt -passes=steady-protect -verify-each -S %s > %t.once.ll
; RUN: %opt -passes=steady-protect,steady-protect -verify-each -S %s > %t.twice.ll
; RUN: diff %t.once.ll %t.twice.ll
; RUN: %FileCheck %s < %t.twice.ll

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

declare i64 @fib(i32)

; CHECK-LABEL: define void @payload(i32 %x)
; CHECK-COUNT-1: load volatile
; CHECK-COUNT-1: asm sideeffect
; CHECK-NOT:     asm sideeffect
define void @payload(i32 %x) {
  %f = call i64 @fib(i32 30)
  %d = mul i32 %x, %x
  ret void
}
