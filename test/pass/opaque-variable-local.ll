; A local that is also assigned a computed value is not a constant input: it is
; promoted as usual, with no volatile load.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

; CHECK-NOT: @steady.opaque
; CHECK-LABEL: define i32 @payload(i32 %n)
; CHECK-NOT:     volatile
; CHECK:         ret i32
define i32 @payload(i32 %n) {
  %x = alloca i32, align 4
  store i32 0, ptr %x, align 4
  %v = load i32, ptr %x, align 4
  %w = add i32 %v, %n
  store i32 %w, ptr %x, align 4
  %r = load i32, ptr %x, align 4
  ret i32 %r
}
