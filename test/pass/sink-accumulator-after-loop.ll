; A dead accumulator (a loop-carried cycle nobody reads) is one dead cycle,
; consumed once at the loop exit through an LCSSA phi of its final value, and
; never inside the loop. (Fails if sinks are placed inside loops.)
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s
; RUN: %opt -passes='print<steady-sinks>' -disable-output %s | %FileCheck %s --check-prefix=COVER

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

; CHECK-LABEL: define void @payload(ptr %a, i64 %n)
; CHECK:       loop:
; CHECK-NOT:     asm
; CHECK:         br i1 %done, label %exit, label %loop
; CHECK:       exit:
; CHECK-NEXT:    %steady.final = phi i32 [ %s.next, %loop ]
; CHECK-NEXT:    call void asm sideeffect "", "r"(i32 %steady.final)
; CHECK-NEXT:    ret void
; CHECK-NOT:     asm

; COVER-LABEL: steady sinks for @payload:
; COVER-NEXT:    dead values: 4
; COVER-NEXT:    dead cycle: %s %s.next
; COVER-NEXT:    sink %s after loop loop
; COVER-NOT:     sink
define void @payload(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %p
  %s.next = add i32 %s, %v
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
