; Two independent dead results need two sinks: neither reaches the other.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

; CHECK-LABEL: define void @payload(i64 %x, i64 %y)
; CHECK-NEXT:    %sum = add i64 %x, %y
; CHECK-NEXT:    call void asm sideeffect "", "r"(i64 %sum)
; CHECK-NEXT:    %prod = mul i64 %x, %y
; CHECK-NEXT:    call void asm sideeffect "", "r"(i64 %prod)
; CHECK-NEXT:    ret void
define void @payload(i64 %x, i64 %y) {
  %sum = add i64 %x, %y
  %prod = mul i64 %x, %y
  ret void
}
