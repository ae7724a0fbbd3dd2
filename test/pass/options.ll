; -steady-sinks=false and -steady-opaque-inputs=false turn each half of the
; protection off (the payload is still promoted to SSA and marked).
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s --check-prefix=BOTH
; RUN: %opt -passes=steady-protect -steady-sinks=false -verify-each -S %s | %FileCheck %s --check-prefix=NOSINKS
; RUN: %opt -passes=steady-protect -steady-opaque-inputs=false -verify-each -S %s | %FileCheck %s --check-prefix=NOINPUTS

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

declare i64 @fib(i32)

; BOTH-LABEL:     define void @payload(i32 %x)
; BOTH:             load volatile i32
; BOTH:             asm sideeffect "", "r"(i32 %d)
; NOSINKS-LABEL:  define void @payload(i32 %x)
; NOSINKS:          load volatile i32
; NOSINKS-NOT:      asm
; NOINPUTS-LABEL: define void @payload(i32 %x)
; NOINPUTS-NOT:     volatile
; NOINPUTS:         call i64 @fib(i32 30)
; NOINPUTS:         asm sideeffect "", "r"(i32 %d)
define void @payload(i32 %x) {
  %f = call i64 @fib(i32 30)
  %d = mul i32 %x, %x
  ret void
}
