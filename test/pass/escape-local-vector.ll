; A local std::vector filled and destroyed: the object escapes (pointer operand
; plus memory clobber) right before its destructor, so the stores into the
; buffer it owns stay observable even after the destructor is inlined.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

%"class.std::vector" = type { ptr, ptr, ptr }

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

declare void @_ZNSt6vectorIiSaIiEEC2Em(ptr, i64)
declare void @_ZNSt6vectorIiSaIiEED2Ev(ptr)
declare ptr @_ZNSt6vectorIiSaIiEEixEm(ptr, i64)

; CHECK-LABEL: define void @payload(i64 %n)
; CHECK:         call void @_ZNSt6vectorIiSaIiEEC2Em(ptr %v, i64 %n)
; CHECK:       exit:
; CHECK-NEXT:    call void asm sideeffect "", "r,~{memory}"(ptr %v)
; CHECK-NEXT:    call void @_ZNSt6vectorIiSaIiEED2Ev(ptr %v)
; CHECK-NEXT:    call void @llvm.lifetime.end.p0(ptr %v)
; CHECK-NOT:     asm
define void @payload(i64 %n) {
entry:
  %v = alloca %"class.std::vector", align 8
  call void @llvm.lifetime.start.p0(ptr %v)
  call void @_ZNSt6vectorIiSaIiEEC2Em(ptr %v, i64 %n)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %slot = call ptr @_ZNSt6vectorIiSaIiEEixEm(ptr %v, i64 %i)
  %sq = mul i64 %i, %i
  %sq32 = trunc i64 %sq to i32
  store i32 %sq32, ptr %slot
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  call void @_ZNSt6vectorIiSaIiEED2Ev(ptr %v)
  call void @llvm.lifetime.end.p0(ptr %v)
  ret void
}
