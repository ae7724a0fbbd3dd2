; A dead value recomputed every iteration without being carried (no cycle) has
; no exit placement that keeps every iteration's work: it is sunk in place.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

target triple = "x86_64-pc-linux-gnu"

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

declare double @llvm.sqrt.f64(double)

; CHECK-LABEL: define void @payload(ptr %a, i64 %n)
; CHECK:       loop:
; CHECK:         %r = call double @llvm.sqrt.f64(double %v)
; CHECK-NEXT:    call void asm sideeffect "", "x"(double %r)
; CHECK:       exit:
; CHECK-NEXT:    ret void
define void @payload(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds double, ptr %a, i64 %i
  %v = load double, ptr %p
  %r = call double @llvm.sqrt.f64(double %v)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
