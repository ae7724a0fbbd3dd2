; User functions with nothing dead in them, and library code (std::), are
; called as they are: no copy.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

define linkonce_odr i64 @square(i64 %x) {
  %sq = mul i64 %x, %x
  ret i64 %sq
}

; std::__detail::work(long): library code, measured as it ships.
define linkonce_odr void @_ZNSt8__detail4workEl(i64 %x) {
  %sq = mul i64 %x, %x
  ret void
}

; CHECK-NOT: steady.protected
; CHECK-LABEL: define i64 @payload(i64 %x)
; CHECK-NEXT:    %r = call i64 @square(i64 %x)
; CHECK-NEXT:    call void @_ZNSt8__detail4workEl(i64 %x)
; CHECK-NEXT:    ret i64 %r
; CHECK-NOT: steady.protected
define i64 @payload(i64 %x) {
  %r = call i64 @square(i64 %x)
  call void @_ZNSt8__detail4workEl(i64 %x)
  ret i64 %r
}
