; A fixture payload that sorts the vector its fixture holds (compare, then
; swap) writes the data it reads through a pointer member of its `this`, and
; the values it reads decide what it does: recorded as a mutated input, like a
; payload sorting a global.
; RUN: %opt -passes=steady-protect,steady-findings -verify-each -S %s | %FileCheck %s

@mark = internal global i8 0
@findings = internal global ptr null
@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@args = private unnamed_addr constant { ptr, ptr } { ptr @mark, ptr @findings }, section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr @args }
], section "llvm.metadata"

; CHECK: @findings.text = {{.*}} c"mutated\09it modifies a member of its fixture (at byte offset 32), which it also reads{{.*}}\0A\00"
define void @payload(ptr %this) {
  %member = getelementptr inbounds i8, ptr %this, i64 32
  %data = load ptr, ptr %member
  %a = load i32, ptr %data
  %p1 = getelementptr inbounds i32, ptr %data, i64 1
  %b = load i32, ptr %p1
  %lt = icmp slt i32 %b, %a
  br i1 %lt, label %swap, label %done
swap:
  store i32 %b, ptr %data
  store i32 %a, ptr %p1
  br label %done
done:
  ret void
}
