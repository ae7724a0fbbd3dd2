; A void user function the payload calls computes on its own locals only: the
; optimizer deletes that work, inlined or not. The payload calls a private
; protected copy whose dead value is consumed; the original, which the rest of
; the program may call, is unchanged.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

; CHECK-LABEL: define linkonce_odr void @touch(i64 %x)
; CHECK-NEXT:    %sq = mul i64 %x, %x
; CHECK-NEXT:    ret void
define linkonce_odr void @touch(i64 %x) {
  %sq = mul i64 %x, %x
  ret void
}

; CHECK-LABEL: define void @payload(i64 %x)
; CHECK-NEXT:    call void @touch.steady.protected(i64 %x)
; CHECK-NEXT:    ret void
define void @payload(i64 %x) {
  call void @touch(i64 %x)
  ret void
}

; CHECK-LABEL: define internal void @touch.steady.protected(i64 %x)
; CHECK-SAME:    #[[ATTR:[0-9]+]]
; CHECK-NEXT:    %sq = mul i64 %x, %x
; CHECK-NEXT:    call void asm sideeffect "", "r"(i64 %sq)
; CHECK-NEXT:    ret void
; CHECK: attributes #[[ATTR]] = { "steady-protected" }
