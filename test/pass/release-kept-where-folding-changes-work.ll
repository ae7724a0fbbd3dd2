; An opaque literal stays opaque wherever folding it could remove or change
; work: a value consumed by a sink (DoNotOptimize(std::sqrt(2.0))), a library
; call the optimizer evaluates (log), a callee this module defines (IPSCCP and
; function specialisation put constants into non-inlined callees in the plain
; -O2 build), arithmetic that mixes in a loop-varying value, a branch, a store,
; and an unknown callee that only reads memory (`__attribute__((const))`: with
; a constant argument LICM hoists the call out of the benchmark's loop).
; RUN: %opt -passes=steady-release-inputs -verify-each -S %s | %FileCheck %s

@steady.opaque = private global double 2.000000e+00
@steady.opaque.1 = private global double 2.500000e+00
@steady.opaque.2 = private global i64 7
@steady.opaque.3 = private global i64 8
@steady.opaque.4 = private global i64 9
@steady.opaque.5 = private global i64 10
@steady.opaque.6 = private global i64 11

declare double @llvm.sqrt.f64(double)
declare double @log(double)
declare void @consume(i64)
declare void @work()
declare i64 @const_ext(i64) memory(none)

define internal i64 @defined(i64 %x) noinline {
  %y = mul i64 %x, %x
  ret i64 %y
}

; CHECK-LABEL: define void @sunk(
; CHECK:         load volatile double, ptr @steady.opaque,
define void @sunk() {
  %x = load volatile double, ptr @steady.opaque
  %r = call double @llvm.sqrt.f64(double %x)
  call void asm sideeffect "", "r"(double %r)
  ret void
}

; CHECK-LABEL: define void @library(
; CHECK:         load volatile double, ptr @steady.opaque.1
define void @library() {
  %x = load volatile double, ptr @steady.opaque.1
  %r = call double @log(double %x)
  %i = fptosi double %r to i64
  call void @consume(i64 %i)
  ret void
}

; CHECK-LABEL: define void @own_callee(
; CHECK:         load volatile i64, ptr @steady.opaque.2
define void @own_callee() {
  %x = load volatile i64, ptr @steady.opaque.2
  %r = call i64 @defined(i64 %x)
  call void @consume(i64 %r)
  ret void
}

; CHECK-LABEL: define void @loop_varying(
; CHECK:         load volatile i64, ptr @steady.opaque.3
define void @loop_varying(i64 %i) {
  %x = load volatile i64, ptr @steady.opaque.3
  %m = mul i64 %x, %i
  call void @consume(i64 %m)
  ret void
}

; CHECK-LABEL: define void @steers(
; CHECK:         load volatile i64, ptr @steady.opaque.4
define void @steers() {
  %x = load volatile i64, ptr @steady.opaque.4
  call void @consume(i64 %x)
  %big = icmp sgt i64 %x, 5
  br i1 %big, label %then, label %done

then:
  call void @work()
  br label %done

done:
  ret void
}

; CHECK-LABEL: define void @stored(
; CHECK:         load volatile i64, ptr @steady.opaque.5
define void @stored(ptr %p) {
  %x = load volatile i64, ptr @steady.opaque.5
  store i64 %x, ptr %p
  ret void
}

; CHECK-LABEL: define void @reads_only(
; CHECK:         load volatile i64, ptr @steady.opaque.6
define void @reads_only() {
  %x = load volatile i64, ptr @steady.opaque.6
  %r = call i64 @const_ext(i64 %x)
  call void @consume(i64 %r)
  ret void
}
