; Random layout's copies: steady-layout-variants adds, for each measured loop
; (the function tagged steady-harness-of), internal copies entered 16, 32 and
; 48 bytes past its 64-byte boundary (int3 prefix bytes before the entry) and a
; table { loop, 4, [loop, copies] } in the section steady_layout kept by
; llvm.used; other functions get none. -steady-layout=native and
; -steady-layout-variants=1 add nothing.
; RUN: %opt -passes=steady-layout-variants -verify-each -S %s | %FileCheck %s
; RUN: %opt -passes=steady-layout-variants -steady-layout=native -verify-each -S %s | %FileCheck %s --check-prefix=NONE
; RUN: %opt -passes=steady-layout-variants -steady-layout-variants=1 -verify-each -S %s | %FileCheck %s --check-prefix=NONE

$_ZN6steady6detail9run_batchI5BenchEEvPNS_7FixtureEm = comdat any

; CHECK: @_ZN6steady6detail9run_batchI5BenchEEvPNS_7FixtureEm.steady.layouts = internal global { ptr, i64, [4 x ptr] } { ptr @[[RB:_ZN6steady6detail9run_batchI5BenchEEvPNS_7FixtureEm]], i64 4, [4 x ptr] [ptr @[[RB]], ptr @[[RB]].steady.layout16, ptr @[[RB]].steady.layout32, ptr @[[RB]].steady.layout48] }, section "steady_layout", align 8
; CHECK: @llvm.used = appending global [1 x ptr] [ptr @[[RB]].steady.layouts], section "llvm.metadata"
; NONE-NOT: steady_layout
; NONE-NOT: .steady.layout

define void @payload() {
  ret void
}

; CHECK: define linkonce_odr void @[[RB]](ptr %state, i64 %n) #0 comdat align 64 {
define linkonce_odr void @_ZN6steady6detail9run_batchI5BenchEEvPNS_7FixtureEm(ptr %state, i64 %n) #0 comdat align 64 {
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
  ret void
}

; The copies: the same body, outside the comdat, without the harness tag.
; CHECK: define internal void @[[RB]].steady.layout16(ptr %state, i64 %n) align 64 prefix [16 x i8] c"\CC\CC\CC\CC\CC\CC\CC\CC\CC\CC\CC\CC\CC\CC\CC\CC" {
; CHECK:   call void @payload()
; CHECK: define internal void @[[RB]].steady.layout32(ptr %state, i64 %n) align 64 prefix [32 x i8]
; CHECK:   call void @payload()
; CHECK: define internal void @[[RB]].steady.layout48(ptr %state, i64 %n) align 64 prefix [48 x i8]
; CHECK:   call void @payload()
; CHECK-NOT: define
; CHECK: attributes #0 = { "steady-harness-of"="payload" }
; CHECK-NOT: attributes

attributes #0 = { "steady-harness-of"="payload" }
