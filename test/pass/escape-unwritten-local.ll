; Local objects the payload only reads, and empty classes such as
; std::allocator, have nothing to observe and do not escape.
; RUN: %opt -passes=steady-protect -verify-each -S %s | %FileCheck %s

%"class.std::allocator" = type { i8 }

@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @payload, ptr @payload.str, ptr null, i32 1, ptr null }
], section "llvm.metadata"

declare void @use_allocator(ptr)
declare i32 @read_only(ptr readonly captures(none))

; CHECK-LABEL: define i32 @payload()
; CHECK-NOT:     asm
; CHECK:         ret i32
define i32 @payload() {
  %alloc = alloca %"class.std::allocator", align 1
  %buf = alloca [16 x i32], align 16
  call void @use_allocator(ptr %alloc)
  %r = call i32 @read_only(ptr %buf)
  ret i32 %r
}
