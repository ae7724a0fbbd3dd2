; After inlining, an opaque literal whose every use, through arithmetic on
; constants only, ends as an argument of a call the optimizer cannot see into
; (a declaration, no library function) is given its value back: abseil's
; IDivDuration(d, absl::Nanoseconds(1), &rem), the divisor's Duration built
; from the 1 (sdiv, srem, mul, select), or a literal passed as it is. In the
; O2 pipeline (the pass runs at its optimizer's start) the divisor folds into
; the call's constant arguments.
; RUN: %opt -passes=steady-release-inputs -verify-each -S %s | %FileCheck %s
; RUN: %opt -passes='default<O2>' -verify-each -S %s | %FileCheck %s --check-prefix=O2

@steady.opaque = private global i32 1
@steady.opaque.1 = private global i64 30

declare i64 @idiv(i1, i64, i32, i64, i32)
declare i64 @fib(i64)
declare i1 @keep_running(ptr)

; CHECK-LABEL: define void @divisor(
; CHECK-NOT:     load volatile
; CHECK:         %n = sext i32 1 to i64
; CHECK-NOT:     load volatile
; CHECK:       ret void
; O2-LABEL:    define void @divisor(
; O2-NOT:        load volatile
; O2:            call i64 @idiv(i1 true, i64 %{{.*}}, i32 %{{.*}}, i64 0, i32 4)
define void @divisor(ptr %state) {
entry:
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %header ]
  %one = load volatile i32, ptr @steady.opaque
  %n = sext i32 %one to i64
  %sec = sdiv i64 %n, 1000000000
  %rem = srem i64 %n, 1000000000
  %ticks = mul nsw i64 %rem, 4
  %neg = icmp slt i64 %ticks, 0
  %sec.1 = add nsw i64 %sec, -1
  %ticks.1 = add nsw i64 %ticks, 4000000000
  %hi = select i1 %neg, i64 %sec.1, i64 %sec
  %lo.64 = select i1 %neg, i64 %ticks.1, i64 %ticks
  %lo = trunc i64 %lo.64 to i32
  %num.ticks = mul i32 %i, 4
  %num = sext i32 %i to i64
  %q = call i64 @idiv(i1 true, i64 %num, i32 %num.ticks, i64 %hi, i32 %lo)
  call void asm sideeffect "", "r"(i64 %q)
  %i.next = add i32 %i, 1
  %more = call i1 @keep_running(ptr %state)
  br i1 %more, label %header, label %exit

exit:
  ret void
}

; CHECK-LABEL: define void @as_is(
; CHECK-NOT:     load volatile
; CHECK:         %f = call i64 @fib(i64 30)
define void @as_is(ptr %state) {
entry:
  br label %header

header:
  %thirty = load volatile i64, ptr @steady.opaque.1
  %f = call i64 @fib(i64 %thirty)
  call void asm sideeffect "", "r"(i64 %f)
  %more = call i1 @keep_running(ptr %state)
  br i1 %more, label %header, label %exit

exit:
  ret void
}
