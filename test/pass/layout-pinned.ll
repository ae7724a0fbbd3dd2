; Pinned layout: steady-protect starts the functions it owns (the payload, its
; measured loop run_batch<B>, a payload-private callee clone) on a 64-byte
; boundary; the original callee and other functions keep their alignment.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s
; RUN: %opt -passes=steady-protect -steady-layout=native -verify-each -S %s | %FileCheck %s --check-prefix=NATIVE

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

; CHECK: define void @payload() {{.*}}align 64
; NATIVE: define void @payload()
; NATIVE-NOT: align 64
define void @payload() {
  call void @touch(i32 3)
  ret void
}

; The callee computes a dead value, so the payload gets its own clone.
; CHECK: define void @touch(i32 %a) {
define void @touch(i32 %a) {
  %dead = mul i32 %a, 3
  ret void
}

; CHECK: define void @_ZN6steady6detail9run_batchI5BenchEEvPNS_7FixtureEm(ptr %state, i64 %n) {{.*}}align 64
define void @_ZN6steady6detail9run_batchI5BenchEEvPNS_7FixtureEm(ptr %state, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  call void @payload()
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; CHECK: define void @other() {
define void @other() {
  call void @touch(i32 4)
  ret void
}

; CHECK: define internal void @touch.steady.protected(i32 %a) {{.*}}align 64
