; Every protected payload is marked: the function gets "steady-protected" and
; the runtime's flag named by the annotation is set to true, so the runner can
; warn about payloads compiled without the plugin.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

; CHECK: @bench.mark = internal global i8 1
@bench.mark = internal global i8 0
@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@args = private unnamed_addr constant { ptr } { ptr @bench.mark }, section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @bench, ptr @payload.str, ptr null, i32 1, ptr @args }
], section "llvm.metadata"

; CHECK-LABEL: define i32 @bench()
; CHECK-SAME:  #[[ATTR:[0-9]+]]
define i32 @bench() {
  ret i32 1
}

; CHECK: attributes #[[ATTR]] = { "steady-protected" }
