; steady-protect never changes a function that is not a payload, even one with
; dead values, constant locals and literal call arguments.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

declare double @log(double)

define void @payload(i32 %a) {
  %dead = mul i32 %a, 3
  ret void
}

; CHECK-LABEL: define void @helper(i32 %a) {
; CHECK-NEXT:    %x = alloca i32, align 4
; CHECK-NEXT:    store i32 7, ptr %x, align 4
; CHECK-NEXT:    %v = load i32, ptr %x, align 4
; CHECK-NEXT:    %dead = mul i32 %a, %v
; CHECK-NEXT:    %l = call double @log(double 2.500000e+00)
; CHECK-NEXT:    ret void
define void @helper(i32 %a) {
  %x = alloca i32, align 4
  store i32 7, ptr %x, align 4
  %v = load i32, ptr %x, align 4
  %dead = mul i32 %a, %v
  %l = call double @log(double 2.5)
  ret void
}
