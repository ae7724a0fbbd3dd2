; An accumulator carried across a loop nest is consumed after the outermost
; loop that carries it, not after the inner one.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

; CHECK-LABEL: define void @payload(i64 %n)
; CHECK:       inner:
; CHECK-NOT:     asm
; CHECK:       outer.latch:
; CHECK-NOT:     asm
; CHECK:       exit:
; CHECK-NEXT:    %steady.final = phi i64 [ %s.inner, %outer.latch ]
; CHECK-NEXT:    call void asm sideeffect "", "r"(i64 %steady.final)
define void @payload(i64 %n) {
entry:
  br label %outer
outer:
  %i = phi i64 [ 0, %entry ], [ %i.next, %outer.latch ]
  %s.outer = phi i64 [ 0, %entry ], [ %s.inner, %outer.latch ]
  br label %inner
inner:
  %j = phi i64 [ 0, %outer ], [ %j.next, %inner ]
  %s = phi i64 [ %s.outer, %outer ], [ %s.inner, %inner ]
  %t = mul i64 %i, %j
  %s.inner = add i64 %s, %t
  %j.next = add i64 %j, 1
  %j.done = icmp eq i64 %j.next, %n
  br i1 %j.done, label %outer.latch, label %inner
outer.latch:
  %i.next = add i64 %i, 1
  %i.done = icmp eq i64 %i.next, %n
  br i1 %i.done, label %exit, label %outer
exit:
  ret void
}
