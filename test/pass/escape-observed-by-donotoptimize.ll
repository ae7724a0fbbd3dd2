; A local object passed to benchmark::DoNotOptimize after its last write is
; already observed (GB's asm has a memory clobber): no escape of its own at
; the end of its lifetime. Written again after DoNotOptimize, it escapes.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

%Pair = type { i64, i64 }

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @observed, ptr @payload.str, ptr null, i32 1, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @written_after, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

declare void @_ZN9benchmark13DoNotOptimizeI4PairEEvRKT_(ptr)

; CHECK-LABEL: define void @observed(i64 %x)
; CHECK-NOT:     asm
; CHECK:         ret void
define void @observed(i64 %x) {
  %p = alloca %Pair, align 8
  call void @llvm.lifetime.start.p0(ptr %p)
  store i64 %x, ptr %p, align 8
  %b = getelementptr inbounds %Pair, ptr %p, i32 0, i32 1
  store i64 %x, ptr %b, align 8
  call void @_ZN9benchmark13DoNotOptimizeI4PairEEvRKT_(ptr %p)
  call void @llvm.lifetime.end.p0(ptr %p)
  ret void
}

; CHECK-LABEL: define void @written_after(i64 %x)
; CHECK:         store i64 %x, ptr %b
; CHECK-NEXT:    call void asm sideeffect "", "r,~{memory}"(ptr %p)
; CHECK-NEXT:    call void @llvm.lifetime.end.p0(ptr %p)
define void @written_after(i64 %x) {
  %p = alloca %Pair, align 8
  call void @llvm.lifetime.start.p0(ptr %p)
  store i64 %x, ptr %p, align 8
  call void @_ZN9benchmark13DoNotOptimizeI4PairEEvRKT_(ptr %p)
  %b = getelementptr inbounds %Pair, ptr %p, i32 0, i32 1
  store i64 %x, ptr %b, align 8
  call void @llvm.lifetime.end.p0(ptr %p)
  ret void
}
