; A dead pointer computation (address arithmetic nobody dereferences) is sunk
; in a general-purpose register.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

; CHECK-LABEL: define void @payload(ptr %base, i64 %i)
; CHECK-NEXT:    %p = getelementptr inbounds i32, ptr %base, i64 %i
; CHECK-NEXT:    call void asm sideeffect "", "r"(ptr %p)
; CHECK-NEXT:    ret void
define void @payload(ptr %base, i64 %i) {
  %p = getelementptr inbounds i32, ptr %base, i64 %i
  ret void
}
