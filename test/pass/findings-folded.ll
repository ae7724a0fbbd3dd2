; At the end of the pipeline, a payload whose result is a compile-time
; constant is recorded in its registration data: the global named by the
; annotation's second argument points to "kind\tmessage\n".
; RUN: %opt -passes=steady-protect,steady-findings -verify-each -S %s | %FileCheck %s

@mark = internal global i8 0
@findings = internal global ptr null
@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@args = private unnamed_addr constant { ptr, ptr } { ptr @mark, ptr @findings }, section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr @args }
], section "llvm.metadata"

; CHECK: @findings = internal global ptr @findings.text
; CHECK: @findings.text = private unnamed_addr constant {{.*}} c"folded\09its result is a compile-time constant: it measures nothing; {{.*}}\0A\00"
define i32 @payload() {
  ret i32 42
}
