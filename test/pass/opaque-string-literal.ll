; The contents of a string literal are an input the optimizer reads at compile
; time: a payload that hashes it, takes its length or copies it gets its
; address through an opaque (laundered) pointer, once per invocation, so what
; is read through it is unknown. The reads stay ordinary loads.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@.str = private unnamed_addr constant [6 x i8] c"hello\00"
@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

declare i64 @strlen(ptr)
declare i64 @hash(ptr)

; CHECK-LABEL: define i64 @payload(ptr %dst)
; CHECK-NEXT:    %[[P:.+]] = call ptr asm sideeffect "", "=r,0"(ptr @.str)
; CHECK-NEXT:    %n = call i64 @strlen(ptr %[[P]])
; CHECK-NEXT:    %h = call i64 @hash(ptr %[[P]])
; CHECK-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %[[P]], i64 6, i1 false)
; CHECK-NOT:     @.str
; CHECK:         ret i64
define i64 @payload(ptr %dst) {
  %n = call i64 @strlen(ptr @.str)
  %h = call i64 @hash(ptr @.str)
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr @.str, i64 6, i1 false)
  %r = add i64 %n, %h
  ret i64 %r
}
