; The cover stays minimal: a discarded call result that feeds a dead
; computation is kept alive by the one sink on that computation.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

define linkonce_odr i64 @sum(ptr %p) {
  %v = load i64, ptr %p
  store i64 0, ptr %p
  ret i64 %v
}

; CHECK-LABEL: define void @payload(ptr %p)
; CHECK-NEXT:    %s = call i64 @sum(ptr %p)
; CHECK-NEXT:    %t = mul i64 %s, 3
; CHECK-NEXT:    call void asm sideeffect "", "r"(i64 %t)
; CHECK-NEXT:    ret void
; CHECK-NOT:     asm
define void @payload(ptr %p) {
  %s = call i64 @sum(ptr %p)
  %t = mul i64 %s, 3
  ret void
}
