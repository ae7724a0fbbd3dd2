; A math library call whose result is unused only writes errno, and clang
; deletes or shrink-wraps it; its result is therefore dead and gets a sink.
; Calls with real side effects (printf) are live and get none.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

target triple = "x86_64-pc-linux-gnu"

@fmt = private unnamed_addr constant [3 x i8] c"%d\00"
@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

declare double @log(double)
declare i32 @printf(ptr, ...)

; CHECK-LABEL: define void @payload(double %x, i32 %n)
; CHECK-NEXT:    %l = call double @log(double %x)
; CHECK-NEXT:    call void asm sideeffect "", "x"(double %l)
; CHECK-NEXT:    %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %n)
; CHECK-NEXT:    ret void
define void @payload(double %x, i32 %n) {
  %l = call double @log(double %x)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %n)
  ret void
}
