; The unused result of a call that stays (it may write memory) is a dead value
; once the optimizer sees the callee: `sum(data);` is consumed right after the
; call. A call into code the optimizer cannot see (a declaration that may write
; memory) keeps its work whatever its result, and gets no sink.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

declare i64 @external(ptr)

define linkonce_odr i64 @sum(ptr %p) {
  %v = load i64, ptr %p
  store i64 0, ptr %p
  ret i64 %v
}

; CHECK-LABEL: define void @payload(ptr %p)
; CHECK-NEXT:    %s = call i64 @sum(ptr %p)
; CHECK-NEXT:    call void asm sideeffect "", "r"(i64 %s)
; CHECK-NEXT:    %e = call i64 @external(ptr %p)
; CHECK-NEXT:    ret void
define void @payload(ptr %p) {
  %s = call i64 @sum(ptr %p)
  %e = call i64 @external(ptr %p)
  ret void
}
