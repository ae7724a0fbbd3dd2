; A dead chain a -> b -> c is covered by one sink on its tip c: sinking c keeps
; a and b alive. (Fails if the cover is not minimal.)
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s
; RUN: %opt -passes='print<steady-sinks>' -disable-output %s | %FileCheck %s --check-prefix=COVER

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

; CHECK-LABEL: define void @payload(i32 %x)
; CHECK-NEXT:    %a = add i32 %x, 1
; CHECK-NEXT:    %b = mul i32 %a, %x
; CHECK-NEXT:    %c = xor i32 %b, 5
; CHECK-NEXT:    call void asm sideeffect "", "r"(i32 %c)
; CHECK-NEXT:    ret void
; CHECK-NOT:   asm sideeffect

; COVER-LABEL: steady sinks for @payload:
; COVER-NEXT:    dead values: 3
; COVER-NEXT:    sink %c in place
; COVER-NOT:     sink
define void @payload(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, %x
  %c = xor i32 %b, 5
  ret void
}
