; steady::fold(x) says folding is part of what is measured: its literal
; argument, and a local initialised from it, stay compile-time constants.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

declare double @log(double)

; steady::fold<double>(double)
define linkonce_odr double @_ZN6steady4foldIdEET_S1_(double %v) alwaysinline {
  ret double %v
}

; CHECK-NOT: @steady.opaque
; CHECK-LABEL: define double @payload()
; CHECK-NEXT:    %f = call double @_ZN6steady4foldIdEET_S1_(double 2.500000e+00)
; CHECK-NEXT:    %l = call double @log(double %f)
; CHECK-NEXT:    ret double %l
define double @payload() {
  %x = alloca double, align 8
  %f = call double @_ZN6steady4foldIdEET_S1_(double 2.5)
  store double %f, ptr %x, align 8
  %xv = load double, ptr %x, align 8
  %l = call double @log(double %xv)
  ret double %l
}
