; Payload work the optimizer moved out of the measured loop (LICM: the same
; result every invocation) runs once per batch: recorded as hoisted while the
; loop still does other work (a volatile store); when nothing else is left in
; the loop it measures nothing: recorded as deleted, with the hoisted
; computation as the cause (the runner flags "deleted" MEASURES NOTHING).
; RUN: %opt -passes=steady-protect,steady-findings -verify-each -S %s | %FileCheck %s

@mark = internal global i8 0
@findings = internal global ptr null
@mark.all = internal global i8 0
@findings.all = internal global ptr null
@scale = global double 2.0
@ticks = global i32 0
@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@args = private unnamed_addr constant { ptr, ptr } { ptr @mark, ptr @findings }, section "llvm.metadata"
@args.all = private unnamed_addr constant { ptr, ptr } { ptr @mark.all, ptr @findings.all }, section "llvm.metadata"
@llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr @args },
  { ptr, ptr, ptr, i32, ptr } { ptr @all, ptr @payload.str, ptr null, i32 1, ptr @args.all }
], section "llvm.metadata"

; CHECK: @findings.text = {{.*}} c"hoisted\09the 'fdiv' gives the same result in every invocation and is hoisted out of the measured loop{{.*}}\0A\00"
; CHECK: @findings.all.text = {{.*}} c"deleted\09its work (the 'fdiv') gives the same result in every invocation and is hoisted out of the measured loop, which is left doing nothing{{.*}}\0A\00"
define double @payload() {
  %s = load double, ptr @scale
  %r = fdiv double %s, 3.0
  store volatile i32 1, ptr @ticks
  ret double %r
}

define double @all() {
  %s = load double, ptr @scale
  %r = fdiv double %s, 3.0
  ret double %r
}

; The harnesses as the optimizer leaves them: the payload inlined, its
; division before the loop (tagged as steady-protect tags the caller of the
; payload); the first loop keeps the volatile store, the second only the sink.
define void @_ZN6steady6detail9run_batchI5BenchEEvPNS_7FixtureEm(ptr %state, i64 %n) #0 {
entry:
  %s = load double, ptr @scale
  %r = fdiv double %s, 3.0
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  store volatile i32 1, ptr @ticks
  call void asm sideeffect "", "x"(double %r)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @_ZN6steady6detail9run_batchI3AllEEvPNS_7FixtureEm(ptr %state, i64 %n) #1 {
entry:
  %s = load double, ptr @scale
  %r = fdiv double %s, 3.0
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void asm sideeffect "", "x"(double %r)
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

attributes #0 = { "steady-harness-of"="payload" }
attributes #1 = { "steady-harness-of"="all" }
