; A measured loop (the runtime's steady::detail::run_batch<B>, tagged by
; steady-protect) that does nothing: the payload's work was deleted.
; RUN: %opt -passes=steady-protect,steady-findings -verify-each -S %s | %FileCheck %s

@mark = internal global i8 0
@findings = internal global ptr null
@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@args = private unnamed_addr constant { ptr, ptr } { ptr @mark, ptr @findings }, section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr @args }
], section "llvm.metadata"

; CHECK: @findings = internal global ptr @findings.text
; CHECK: @findings.text = {{.*}} c"deleted\09its work is deleted by the optimizer: the measured loop does nothing{{.*}}\0A\00"
define void @payload() {
  ret void
}

; CHECK: define void @_ZN6steady6detail9run_batchI5BenchEEvPNS_7FixtureEm({{.*}}) #[[H:[0-9]+]]
define void @_ZN6steady6detail9run_batchI5BenchEEvPNS_7FixtureEm(ptr %state, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @payload()
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
; CHECK: attributes #[[H]] = { "steady-harness-of"="payload" }
