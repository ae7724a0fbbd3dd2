; One dead scalar gets exactly one opaque sink, an empty side-effecting asm
; with an "r" register operand and no memory clobber, right after it.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

; CHECK-LABEL: define void @payload(i32 %a, i32 %b)
; CHECK-NEXT:    %m = mul i32 %a, %b
; CHECK-NEXT:    call void asm sideeffect "", "r"(i32 %m)
; CHECK-NEXT:    ret void
define void @payload(i32 %a, i32 %b) {
  %m = mul i32 %a, %b
  ret void
}
