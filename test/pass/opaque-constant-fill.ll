; int a[64] = {}: a constant fill of a local becomes a fill with a byte read
; through a volatile load, so sums over the array cannot fold to zero.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

declare i32 @consume(ptr)

; CHECK-LABEL: define i32 @payload()
; CHECK:         %steady.opaque = load volatile i8, ptr @steady.opaque
; CHECK:         call void @llvm.memset.p0.i64(ptr align 16 %a, i8 %steady.opaque, i64 256, i1 false)
define i32 @payload() {
  %a = alloca [64 x i32], align 16
  call void @llvm.memset.p0.i64(ptr align 16 %a, i8 0, i64 256, i1 false)
  %r = call i32 @consume(ptr %a)
  ret i32 %r
}
