; A payload that only moves the data it changes (a swap of two elements of a
; global, as a shuffle does) is not a mutated input: the values steer no branch
; and no address, so every invocation does the same work. A payload that
; compares them first (a sort's step) is one.
; RUN: %opt -passes=steady-protect,steady-findings -verify-each -S %s | %FileCheck %s

@mark = internal global i8 0
@findings.swap = internal global ptr null
@findings.sort = internal global ptr null
@data = global [2 x i32] zeroinitializer
@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@args.swap = private unnamed_addr constant { ptr, ptr } { ptr @mark, ptr @findings.swap }, section "llvm.metadata"
@args.sort = private unnamed_addr constant { ptr, ptr } { ptr @mark, ptr @findings.sort }, section "llvm.metadata"
@llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @swap, ptr @payload.str, ptr null, i32 1, ptr @args.swap },
  { ptr, ptr, ptr, i32, ptr } { ptr @sort, ptr @payload.str, ptr null, i32 1, ptr @args.sort }
], section "llvm.metadata"

; CHECK: @findings.swap = internal global ptr null
; CHECK: @findings.sort = internal global ptr @findings.sort.text
; CHECK: @findings.sort.text = {{.*}} c"mutated\09it modifies 'data', which it also reads
define void @swap() {
  %p1 = getelementptr inbounds i32, ptr @data, i64 1
  %a = load i32, ptr @data
  %b = load i32, ptr %p1
  store i32 %b, ptr @data
  store i32 %a, ptr %p1
  ret void
}

define void @sort() {
  %p1 = getelementptr inbounds i32, ptr @data, i64 1
  %a = load i32, ptr @data
  %b = load i32, ptr %p1
  %lt = icmp slt i32 %b, %a
  br i1 %lt, label %swap, label %done
swap:
  store i32 %b, ptr @data
  store i32 %a, ptr %p1
  br label %done
done:
  ret void
}
