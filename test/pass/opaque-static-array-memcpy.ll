; A never-written internal array copied into a local buffer: globalopt would
; find it constant (all zeros) and the copy would become a memset, a different
; operation. The copy reads from the array's address made opaque.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@zeros = internal global [256 x i8] zeroinitializer
@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

; CHECK-LABEL: define void @payload(ptr %dst)
; CHECK-NEXT:    %[[P:.+]] = call ptr asm sideeffect "", "=r,0"(ptr @zeros)
; CHECK-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %[[P]], i64 256, i1 false)
; CHECK-NEXT:    ret void
define void @payload(ptr %dst) {
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr @zeros, i64 256, i1 false)
  ret void
}
