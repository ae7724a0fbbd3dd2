; A payload whose work stays, reading its fixture's input and writing another
; member, has no findings: its registration pointer stays null.
; RUN: %opt -passes=steady-protect,steady-findings -verify-each -S %s | %FileCheck %s

@mark = internal global i8 0
@findings = internal global ptr null
@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@args = private unnamed_addr constant { ptr, ptr } { ptr @mark, ptr @findings }, section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr @args }
], section "llvm.metadata"

; CHECK: @findings = internal global ptr null
; CHECK-NOT: findings.text
define void @payload(ptr %this) {
  %in.member = getelementptr inbounds i8, ptr %this, i64 8
  %in = load ptr, ptr %in.member
  %out.member = getelementptr inbounds i8, ptr %this, i64 16
  %out = load ptr, ptr %out.member
  %a = load i32, ptr %in
  %sq = mul i32 %a, %a
  store i32 %sq, ptr %out
  ret void
}
