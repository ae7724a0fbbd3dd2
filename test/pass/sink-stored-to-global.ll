; A value stored to a global is live (the store is a side effect): no sink.
; Neither are values returned or used by a branch.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@g = global i32 0
@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

; CHECK-LABEL: define i32 @payload(i32 %x)
; CHECK-NOT:     asm
; CHECK:         ret i32 %r
define i32 @payload(i32 %x) {
entry:
  %v = mul i32 %x, 7
  store i32 %v, ptr @g
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %pos, label %done
pos:
  br label %done
done:
  %r = add i32 %x, 1
  ret i32 %r
}
