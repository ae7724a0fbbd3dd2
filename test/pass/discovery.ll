; Payloads are the functions annotated "steady.payload"; other annotations and
; unannotated functions are not payloads. The annotation's argument is the mark.
; RUN: %opt -passes='print<steady-payloads>' -disable-output %s | %FileCheck %s

; CHECK-LABEL: steady payloads in
; CHECK-NEXT:  payload @bench_a mark @bench_a.mark
; CHECK-NEXT:  payload @bench_b{{$}}
; CHECK-NOT:   payload

@bench_a.mark = internal global i8 0
@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@other.str = private unnamed_addr constant [6 x i8] c"other\00", section "llvm.metadata"
@args = private unnamed_addr constant { ptr } { ptr @bench_a.mark }, section "llvm.metadata"
@llvm.global.annotations = appending global [3 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @bench_a, ptr @payload.str, ptr null, i32 1, ptr @args },
  { ptr, ptr, ptr, i32, ptr } { ptr @bench_b, ptr @payload.str, ptr null, i32 2, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @not_a_payload, ptr @other.str, ptr null, i32 3, ptr null }
], section "llvm.metadata"

define i32 @bench_a() {
  ret i32 1
}

define i32 @bench_b() {
  ret i32 2
}

define i32 @not_a_payload() {
  ret i32 3
}

define i32 @unannotated() {
  ret i32 4
}
