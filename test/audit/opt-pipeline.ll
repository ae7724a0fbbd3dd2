; The audit stages run under opt too, around steady-protect and at the end of
; the pipeline; -steady-audit makes opt's default pipelines schedule them.
; A dead multiplication in a payload is reported; the twin is deleted again.
; RUN: %opt -passes='steady-audit<prepare>,steady-protect,steady-audit<harness>,default<O2>,steady-audit<report>' -S %s -o %t.ll 2>&1 | %FileCheck %s
; RUN: %FileCheck %s --check-prefix=IR < %t.ll
; RUN: %opt -steady-audit -passes='default<O2>' -disable-output %s 2>&1 | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

define void @payload(i32 %x) {
  %m = mul i32 %x, %x
  ret void
}

; CHECK: warning: {{.*}}the 'mul' (i32) in payload 'payload' is never used: unprotected, the optimizer deletes it

; IR-NOT: steady.unprotected
; IR-NOT: steady.harness
; IR-NOT: !steady.dead
; IR-LABEL: define void @payload(i32 %x)
; IR: asm sideeffect "", "r"(i32
