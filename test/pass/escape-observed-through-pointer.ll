; A local object with a destructor whose pointer (an accessor's result, or a
; pointer read from it) a DoNotOptimize took after its last write, on the
; straight path to the destructor, is already observed: no escape before the
; destructor (abseil's BM_FixedArray: `DoNotOptimize(fa.data())`). It still
; escapes when the pointer is not its, when it is written after, and when the
; path to its destructor merges.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

%Vec = type { ptr, i32 }

@other = global i32 0
@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [5 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @accessor, ptr @payload.str, ptr null, i32 1, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @loaded, ptr @payload.str, ptr null, i32 1, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @not_its, ptr @payload.str, ptr null, i32 1, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @written_after, ptr @payload.str, ptr null, i32 1, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @merged, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

declare void @_ZN3VecC2Ei(ptr, i32)
declare void @_ZN3VecD2Ev(ptr)
declare ptr @_ZN3Vec4dataEv(ptr)
declare void @_ZN3Vec4fillEv(ptr)
declare void @_ZN9benchmark13DoNotOptimizeIPiEEvRKT_(ptr)

; The accessor's result, observed in the block before the destructor's.
; CHECK-LABEL: define void @accessor(i32 %n)
; CHECK-NOT:     asm
; CHECK:         ret void
define void @accessor(i32 %n) {
  %v = alloca %Vec, align 8
  %t = alloca ptr, align 8
  call void @_ZN3VecC2Ei(ptr %v, i32 %n)
  %d = call ptr @_ZN3Vec4dataEv(ptr %v)
  store ptr %d, ptr %t, align 8
  call void @_ZN9benchmark13DoNotOptimizeIPiEEvRKT_(ptr %t)
  br label %end

end:
  call void @_ZN3VecD2Ev(ptr %v)
  ret void
}

; CHECK-LABEL: define void @loaded(i32 %n)
; CHECK-NOT:     asm
; CHECK:         ret void
define void @loaded(i32 %n) {
  %v = alloca %Vec, align 8
  %t = alloca ptr, align 8
  call void @_ZN3VecC2Ei(ptr %v, i32 %n)
  %d = load ptr, ptr %v, align 8
  store ptr %d, ptr %t, align 8
  call void @_ZN9benchmark13DoNotOptimizeIPiEEvRKT_(ptr %t)
  call void @_ZN3VecD2Ev(ptr %v)
  ret void
}

; CHECK-LABEL: define void @not_its(i32 %n)
; CHECK:         call void @_ZN9benchmark13DoNotOptimizeIPiEEvRKT_(ptr %t)
; CHECK-NEXT:    call void asm sideeffect "", "r,~{memory}"(ptr %v)
; CHECK-NEXT:    call void @_ZN3VecD2Ev(ptr %v)
define void @not_its(i32 %n) {
  %v = alloca %Vec, align 8
  %t = alloca ptr, align 8
  call void @_ZN3VecC2Ei(ptr %v, i32 %n)
  store ptr @other, ptr %t, align 8
  call void @_ZN9benchmark13DoNotOptimizeIPiEEvRKT_(ptr %t)
  call void @_ZN3VecD2Ev(ptr %v)
  ret void
}

; CHECK-LABEL: define void @written_after(i32 %n)
; CHECK:         call void @_ZN3Vec4fillEv(ptr %v)
; CHECK-NEXT:    call void asm sideeffect "", "r,~{memory}"(ptr %v)
; CHECK-NEXT:    call void @_ZN3VecD2Ev(ptr %v)
define void @written_after(i32 %n) {
  %v = alloca %Vec, align 8
  %t = alloca ptr, align 8
  call void @_ZN3VecC2Ei(ptr %v, i32 %n)
  %d = call ptr @_ZN3Vec4dataEv(ptr %v)
  store ptr %d, ptr %t, align 8
  call void @_ZN9benchmark13DoNotOptimizeIPiEEvRKT_(ptr %t)
  call void @_ZN3Vec4fillEv(ptr %v)
  call void @_ZN3VecD2Ev(ptr %v)
  ret void
}

; CHECK-LABEL: define void @merged(i32 %n, i1 %c)
; CHECK:       end:
; CHECK-NEXT:    call void asm sideeffect "", "r,~{memory}"(ptr %v)
; CHECK-NEXT:    call void @_ZN3VecD2Ev(ptr %v)
define void @merged(i32 %n, i1 %c) {
  %v = alloca %Vec, align 8
  %t = alloca ptr, align 8
  call void @_ZN3VecC2Ei(ptr %v, i32 %n)
  br i1 %c, label %observe, label %end

observe:
  %d = call ptr @_ZN3Vec4dataEv(ptr %v)
  store ptr %d, ptr %t, align 8
  call void @_ZN9benchmark13DoNotOptimizeIPiEEvRKT_(ptr %t)
  br label %end

end:
  call void @_ZN3VecD2Ev(ptr %v)
  ret void
}
