; Loads at a constant address of a constant global, or of an internal global
; nothing writes, are replaced by one volatile load in the entry block. Loads
; of globals that may change are left alone.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

target triple = "x86_64-pc-linux-gnu"

@k = internal constant double 3.0
@table = internal global [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@mutable = global i32 5
@written = internal global i32 6

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

define void @writer() {
  store i32 0, ptr @written
  ret void
}

; CHECK-LABEL: define i32 @payload(double %x)
; CHECK-NEXT:    %steady.opaque = load volatile double, ptr @k
; CHECK-NEXT:    %steady.opaque1 = load volatile i32, ptr getelementptr inbounds ([4 x i32], ptr @table, i64 0, i64 2)
; CHECK-NEXT:    %m = fmul double %steady.opaque, %x
; CHECK-NEXT:    call void asm sideeffect "", "x"(double %m)
; CHECK-NEXT:    %e = load i32, ptr @mutable
; CHECK-NEXT:    %w = load i32, ptr @written
; CHECK-NEXT:    %s = add i32 %steady.opaque1, %e
; CHECK-NEXT:    %r = add i32 %s, %w
; CHECK-NEXT:    ret i32 %r
define i32 @payload(double %x) {
  %kv = load double, ptr @k
  %m = fmul double %kv, %x
  %t = load i32, ptr getelementptr inbounds ([4 x i32], ptr @table, i64 0, i64 2)
  %e = load i32, ptr @mutable
  %w = load i32, ptr @written
  %s = add i32 %t, %e
  %r = add i32 %s, %w
  ret i32 %r
}
