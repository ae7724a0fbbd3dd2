; A struct copied whole (memcpy with !tbaa.struct, split into fields by SROA)
; whose padding nobody reads: the padding's load is not sunk (GB's code does
; not load it; absl::Duration's 4 bytes in `lhs *= rhs; return lhs;`). An
; untagged dead load with no tagged field of its object beside it (a scalar
; read through memcpy) is still consumed.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%Duration = type <{ i64, i32, [4 x i8] }>

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @copy, ptr @payload.str, ptr null, i32 1, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @scalar, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

declare ptr @get()

; CHECK-LABEL: define { i64, i32 } @copy()
; CHECK-NOT:     asm sideeffect "", "r"(i32
; CHECK:         ret { i64, i32 }
define { i64, i32 } @copy() {
  %d = alloca %Duration, align 8
  %src = call ptr @get()
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %d, ptr align 8 %src, i64 16, i1 false), !tbaa.struct !0
  %r = load { i64, i32 }, ptr %d, align 8
  ret { i64, i32 } %r
}

; CHECK-LABEL: define void @scalar()
; CHECK:         %[[V:.*]] = load i32, ptr %src
; CHECK-NEXT:    call void asm sideeffect "", "r"(i32 %[[V]])
define void @scalar() {
  %x = alloca i32, align 4
  %src = call ptr @get()
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %x, ptr align 4 %src, i64 4, i1 false)
  %v = load i32, ptr %x, align 4
  ret void
}

!0 = !{i64 0, i64 8, !1, i64 8, i64 4, !4}
!1 = !{!2, !2, i64 0}
!2 = !{!"long", !3, i64 0}
!3 = !{!"omnipotent char", !5, i64 0}
!4 = !{!6, !6, i64 0}
!5 = !{!"Simple C++ TBAA"}
!6 = !{!"int", !3, i64 0}
