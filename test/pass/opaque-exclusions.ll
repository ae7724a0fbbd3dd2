; Not inputs: immediate (immarg) operands of intrinsics, sizes and flags of
; memory intrinsics, sizes passed to allocation functions, the format of a
; printf. All stay literal. (The contents of string literals are inputs: see
; opaque-string-literal.ll.)
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@.str = private unnamed_addr constant [6 x i8] c"hello\00"
@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

declare i32 @printf(ptr, ...)
declare ptr @_Znwm(i64) allocsize(0)
declare i32 @llvm.ctlz.i32(i32, i1 immarg)
declare void @llvm.prefetch.p0(ptr, i32 immarg, i32 immarg, i32 immarg)

; CHECK-NOT: @steady.opaque
; CHECK-LABEL: define i64 @payload(i32 %x, ptr %dst)
; CHECK-NEXT:    %c = call i32 @llvm.ctlz.i32(i32 %x, i1 false)
; CHECK-NEXT:    call void @llvm.prefetch.p0(ptr %dst, i32 0, i32 3, i32 1)
; CHECK-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %dst, i64 6, i1 false)
; CHECK-NEXT:    %n32 = call i32 (ptr, ...) @printf(ptr @.str)
; CHECK-NEXT:    %n = sext i32 %n32 to i64
; CHECK-NEXT:    %p = call ptr @_Znwm(i64 24)
; CHECK-NOT:     volatile
define i64 @payload(i32 %x, ptr %dst) {
  %c = call i32 @llvm.ctlz.i32(i32 %x, i1 false)
  call void @llvm.prefetch.p0(ptr %dst, i32 0, i32 3, i32 1)
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %dst, i64 6, i1 false)
  %n32 = call i32 (ptr, ...) @printf(ptr @.str)
  %n = sext i32 %n32 to i64
  %p = call ptr @_Znwm(i64 24)
  store ptr %p, ptr %dst
  %c64 = zext i32 %c to i64
  %r = add i64 %n, %c64
  ret i64 %r
}
