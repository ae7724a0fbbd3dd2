; Induction variables and recurrences the optimizer computes in closed form
; keep their literal start: trip counts, unrolling and vectorisation depend on
; it. A recurrence fed by memory is not known at compile time anyway.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

; CHECK-NOT: steady.opaque
; CHECK-LABEL: define i64 @payload(ptr %p)
; CHECK:         %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
; CHECK-NEXT:    %s = phi i64 [ 7, %entry ], [ %s.next, %loop ]
; CHECK-NEXT:    %h = phi i64 [ 5, %entry ], [ %h.next, %loop ]
; CHECK-NOT: steady.opaque
define i64 @payload(ptr %p) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 7, %entry ], [ %s.next, %loop ]
  %h = phi i64 [ 5, %entry ], [ %h.next, %loop ]
  %s.next = add i64 %s, %i
  %a = getelementptr i64, ptr %p, i64 %i
  %v = load i64, ptr %a
  %x = xor i64 %h, %v
  %h.next = mul i64 %x, 31
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, 64
  br i1 %done, label %exit, label %loop
exit:
  %r = add i64 %s.next, %h.next
  ret i64 %r
}
