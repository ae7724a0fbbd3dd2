; An FNV-1a hash over a counter: every value of the recurrence is known once
; its literal start is, so the optimizer would unroll the 64 steps and fold
; them. The start (not an induction variable) is read through a volatile load.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

; CHECK: @steady.opaque = private global i64 -3750763034362895579
; CHECK-LABEL: define i64 @payload()
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %steady.opaque = load volatile i64, ptr @steady.opaque
; CHECK:       loop:
; CHECK-NEXT:    %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
; CHECK-NEXT:    %h = phi i64 [ %steady.opaque, %entry ], [ %h.next, %loop ]
define i64 @payload() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %h = phi i64 [ -3750763034362895579, %entry ], [ %h.next, %loop ]
  %x = xor i64 %h, %i
  %h.next = mul i64 %x, 1099511628211
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 64
  br i1 %done, label %exit, label %loop
exit:
  ret i64 %h.next
}
