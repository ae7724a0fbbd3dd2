; int a[] = {3, 1, 2}: clang copies the initialiser from a constant global.
; The copy reads from the global's address made opaque (once per invocation),
; so the values are unknown while the loads stay ordinary: SROA still splits a
; small array into registers, reading each element from the opaque address.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@__const.small = private unnamed_addr constant [3 x i32] [i32 3, i32 1, i32 2]
@__const.large = private unnamed_addr constant [32 x i32] zeroinitializer

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @small, ptr @payload.str, ptr null, i32 1, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @large, ptr @payload.str, ptr null, i32 2, ptr null }
], section "llvm.metadata"

declare i32 @consume(ptr)

; CHECK-LABEL: define i32 @small(i64 %i)
; CHECK-NEXT:    %__const.small.opaque = call ptr asm sideeffect "", "=r,0"(ptr @__const.small)
; CHECK-NOT:     alloca
; CHECK:         load i32, ptr
; CHECK-NOT:     volatile
; CHECK:         ret i32
define i32 @small(i64 %i) {
  %a = alloca [3 x i32], align 4
  call void @llvm.memcpy.p0.p0.i64(ptr %a, ptr @__const.small, i64 12, i1 false)
  %p = getelementptr inbounds [3 x i32], ptr %a, i64 0, i64 1
  %v = load i32, ptr %p
  ret i32 %v
}

; CHECK-LABEL: define i32 @large()
; CHECK-NEXT:    %a = alloca [32 x i32]
; CHECK-NEXT:    %__const.large.opaque = call ptr asm sideeffect "", "=r,0"(ptr @__const.large)
; CHECK-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr align 4 %a, ptr %__const.large.opaque, i64 128, i1 false)
define i32 @large() {
  %a = alloca [32 x i32], align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %a, ptr @__const.large, i64 128, i1 false)
  %r = call i32 @consume(ptr %a)
  ret i32 %r
}
