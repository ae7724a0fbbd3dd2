; A local object built by a call (its constructor) and then loaded whole, into
; values the function uses, does not escape: nothing written to it is dead,
; and an escape would force it through memory (absl::Duration returned by
; MakeDuration). Read with a hole, or written again after the read, it escapes.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

%Duration = type <{ i64, i32, [4 x i8] }>

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [3 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @whole, ptr @payload.str, ptr null, i32 1, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @hole, ptr @payload.str, ptr null, i32 1, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @rewritten, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

declare void @_ZN8DurationC2Elj(ptr, i64, i32)

; CHECK-LABEL: define { i64, i32 } @whole(i64 %x, i32 %y)
; CHECK-NOT:     asm
; CHECK:         ret { i64, i32 }
define { i64, i32 } @whole(i64 %x, i32 %y) {
  %d = alloca %Duration, align 8
  call void @_ZN8DurationC2Elj(ptr %d, i64 %x, i32 %y)
  %hi = load i64, ptr %d, align 8
  %lo.p = getelementptr inbounds { i64, i32 }, ptr %d, i32 0, i32 1
  %lo = load i32, ptr %lo.p, align 8
  %r0 = insertvalue { i64, i32 } poison, i64 %hi, 0
  %r = insertvalue { i64, i32 } %r0, i32 %lo, 1
  ret { i64, i32 } %r
}

; CHECK-LABEL: define i64 @hole(i64 %x, i32 %y)
; CHECK:         call void asm sideeffect "", "r,~{memory}"(ptr %d)
; CHECK-NEXT:    ret i64 %hi
define i64 @hole(i64 %x, i32 %y) {
  %d = alloca %Duration, align 8
  call void @_ZN8DurationC2Elj(ptr %d, i64 %x, i32 %y)
  %hi = load i64, ptr %d, align 8
  ret i64 %hi
}

; CHECK-LABEL: define { i64, i32 } @rewritten(i64 %x, i32 %y)
; CHECK:         %r = insertvalue
; CHECK-NEXT:    call void @_ZN8DurationC2Elj(ptr %d, i64 %x, i32 %y)
; CHECK-NEXT:    call void asm sideeffect "", "r,~{memory}"(ptr %d)
; CHECK-NEXT:    ret { i64, i32 }
define { i64, i32 } @rewritten(i64 %x, i32 %y) {
  %d = alloca %Duration, align 8
  call void @_ZN8DurationC2Elj(ptr %d, i64 %x, i32 %y)
  %hi = load i64, ptr %d, align 8
  %lo.p = getelementptr inbounds { i64, i32 }, ptr %d, i32 0, i32 1
  %lo = load i32, ptr %lo.p, align 8
  %r0 = insertvalue { i64, i32 } poison, i64 %hi, 0
  %r = insertvalue { i64, i32 } %r0, i32 %lo, 1
  call void @_ZN8DurationC2Elj(ptr %d, i64 %x, i32 %y)
  ret { i64, i32 } %r
}
