; A method of a local object returning a reference (`++it`, `s += x`) returns
; *this: consuming that pointer would make the local escape and keep it in
; memory through the loop it drives, so it is not sunk. The same call on a
; global object (`table.find(k)` returning an iterator) is.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@table = global i64 0
@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

define linkonce_odr ptr @next(ptr %this) {
  %v = load i64, ptr %this
  %n = add i64 %v, 1
  store i64 %n, ptr %this
  ret ptr %this
}

; CHECK-LABEL: define void @payload()
; CHECK:         %r = call ptr @next(ptr %it)
; CHECK-NOT:     asm sideeffect "", "r"(ptr %r)
; CHECK:         %g = call ptr @next(ptr @table)
; CHECK-NEXT:    call void asm sideeffect "", "r"(ptr %g)
define void @payload() {
  %it = alloca i64
  store i64 0, ptr %it
  %r = call ptr @next(ptr %it)
  %g = call ptr @next(ptr @table)
  ret void
}
