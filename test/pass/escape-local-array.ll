; A local array written in a loop and never read escapes once, after the loop
; at the end of its lifetime; its stores survive and nothing is added inside
; the loop.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

; CHECK-LABEL: define void @payload(i32 %seed)
; CHECK:       loop:
; CHECK-NOT:     asm
; CHECK:         store i32 %x, ptr %p
; CHECK-NOT:     asm
; CHECK:       exit:
; CHECK-NEXT:    call void asm sideeffect "", "r,~{memory}"(ptr %a)
; CHECK-NEXT:    call void @llvm.lifetime.end.p0(ptr %a)
; CHECK-NEXT:    ret void
define void @payload(i32 %seed) {
entry:
  %a = alloca [64 x i32], align 16
  call void @llvm.lifetime.start.p0(ptr %a)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds [64 x i32], ptr %a, i64 0, i64 %i
  %t = trunc i64 %i to i32
  %x = mul i32 %t, %seed
  store i32 %x, ptr %p
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 64
  br i1 %done, label %exit, label %loop
exit:
  call void @llvm.lifetime.end.p0(ptr %a)
  ret void
}
