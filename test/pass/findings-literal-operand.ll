; A literal operand of the payload's own code that the optimizer folds into
; the code is recorded as "literal", naming it: the multiplier of `x *= 7` in
; a loop of 1000 (unrolled, the multiplications by 7 reassociate into one by a
; power of 7) and the divisor of `x / 10` (code generation turns it into a
; multiplication and shifts). The same operations on a value read through a
; volatile load (steady::opaque) are not recorded. steady-protect records the
; payload's literal operands before the optimizer runs (-verify-each: the IR is
; valid after every pass of the pipeline).
; RUN: %opt -passes='default<O2>' -verify-each -S %s | %FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@mark.chain = internal global i8 0
@findings.chain = internal global ptr null
@mark.chain.opaque = internal global i8 0
@findings.chain.opaque = internal global ptr null
@mark.div = internal global i8 0
@findings.div = internal global ptr null
@mark.div.opaque = internal global i8 0
@findings.div.opaque = internal global ptr null
@three = global i64 3
@seven = global i64 7
@ten = global i64 10
@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@args.chain = private unnamed_addr constant { ptr, ptr } { ptr @mark.chain, ptr @findings.chain }, section "llvm.metadata"
@args.chain.opaque = private unnamed_addr constant { ptr, ptr } { ptr @mark.chain.opaque, ptr @findings.chain.opaque }, section "llvm.metadata"
@args.div = private unnamed_addr constant { ptr, ptr } { ptr @mark.div, ptr @findings.div }, section "llvm.metadata"
@args.div.opaque = private unnamed_addr constant { ptr, ptr } { ptr @mark.div.opaque, ptr @findings.div.opaque }, section "llvm.metadata"
@llvm.global.annotations = appending global [4 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @chain, ptr @payload.str, ptr null, i32 1, ptr @args.chain },
  { ptr, ptr, ptr, i32, ptr } { ptr @chain.opaque, ptr @payload.str, ptr null, i32 1, ptr @args.chain.opaque },
  { ptr, ptr, ptr, i32, ptr } { ptr @div, ptr @payload.str, ptr null, i32 1, ptr @args.div },
  { ptr, ptr, ptr, i32, ptr } { ptr @div.opaque, ptr @payload.str, ptr null, i32 1, ptr @args.div.opaque }
], section "llvm.metadata"

; CHECK: @findings.chain = internal global ptr @findings.chain.text
; CHECK: @findings.chain.opaque = internal global ptr null
; CHECK: @findings.div = internal global ptr @findings.div.text
; CHECK: @findings.div.opaque = internal global ptr null
; CHECK: @findings.chain.text = {{.*}} c"literal\09the multiplication by the literal 7 in a loop is folded into multiplications by 7^{{[0-9]+}}: one multiplication does the work of {{[0-9]+}} ({{[0-9]+}} of the 1000 multiplications written run); if 7 stands for input data, read it through steady::opaque()\0A\00"
; CHECK: @findings.div.text = {{.*}} c"literal\09the division by the literal 10 compiles to a multiplication by its reciprocal and shifts: no divide instruction runs; if 10 stands for input data, read it through steady::opaque()\0A\00"

define i64 @chain() #0 {
entry:
  %x0 = load volatile i64, ptr @three
  br label %for.cond
for.cond:
  %x = phi i64 [ %x0, %entry ], [ %mul, %for.inc ]
  %i = phi i32 [ 0, %entry ], [ %inc, %for.inc ]
  %cmp = icmp slt i32 %i, 1000
  br i1 %cmp, label %for.body, label %for.end
for.body:
  %mul = mul i64 %x, 7
  br label %for.inc
for.inc:
  %inc = add nsw i32 %i, 1
  br label %for.cond
for.end:
  ret i64 %x
}

define i64 @chain.opaque() #0 {
entry:
  %x0 = load volatile i64, ptr @three
  %m = load volatile i64, ptr @seven
  br label %for.cond
for.cond:
  %x = phi i64 [ %x0, %entry ], [ %mul, %for.inc ]
  %i = phi i32 [ 0, %entry ], [ %inc, %for.inc ]
  %cmp = icmp slt i32 %i, 1000
  br i1 %cmp, label %for.body, label %for.end
for.body:
  %mul = mul i64 %x, %m
  br label %for.inc
for.inc:
  %inc = add nsw i32 %i, 1
  br label %for.cond
for.end:
  ret i64 %x
}

define i64 @div() #0 {
  %x = load volatile i64, ptr @three
  %q = udiv i64 %x, 10
  ret i64 %q
}

define i64 @div.opaque() #0 {
  %x = load volatile i64, ptr @three
  %d = load volatile i64, ptr @ten
  %q = udiv i64 %x, %d
  ret i64 %q
}

attributes #0 = { mustprogress nounwind uwtable "target-cpu"="x86-64" "tune-cpu"="generic" }
