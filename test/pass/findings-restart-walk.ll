; A payload whose loop chases pointers (each index loaded at the previous one)
; from the same start every invocation (a constant head) is recorded as
; "restarts": after the first invocation its nodes come from the cache. A
; chase that starts where the previous invocation stopped (the position
; loaded from a global and stored back) is not, nor is that store a mutated
; input (the walk's position, not data it works on); nor is a loop summing the
; nodes (no address depends on a load), nor a traversal of a list to its end
; (it visits all of it every time: no position to keep).
; RUN: %opt -passes=steady-protect,steady-findings -verify-each -S %s | %FileCheck %s

@mark.restart = internal global i8 0
@findings.restart = internal global ptr null
@mark.resume = internal global i8 0
@findings.resume = internal global ptr null
@mark.sum = internal global i8 0
@findings.sum = internal global ptr null
@mark.list = internal global i8 0
@findings.list = internal global ptr null
@list = global ptr null
@ring = global [1024 x { i32, [60 x i8] }] zeroinitializer
@walker = global { i32, i32 } zeroinitializer
@payload.str = private unnamed_addr constant [15 x i8] c"steady.payload\00", section "llvm.metadata"
@args.restart = private unnamed_addr constant { ptr, ptr } { ptr @mark.restart, ptr @findings.restart }, section "llvm.metadata"
@args.resume = private unnamed_addr constant { ptr, ptr } { ptr @mark.resume, ptr @findings.resume }, section "llvm.metadata"
@args.sum = private unnamed_addr constant { ptr, ptr } { ptr @mark.sum, ptr @findings.sum }, section "llvm.metadata"
@args.list = private unnamed_addr constant { ptr, ptr } { ptr @mark.list, ptr @findings.list }, section "llvm.metadata"
@llvm.global.annotations = appending global [4 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @restart, ptr @payload.str, ptr null, i32 1, ptr @args.restart },
  { ptr, ptr, ptr, i32, ptr } { ptr @resume, ptr @payload.str, ptr null, i32 1, ptr @args.resume },
  { ptr, ptr, ptr, i32, ptr } { ptr @sum, ptr @payload.str, ptr null, i32 1, ptr @args.sum },
  { ptr, ptr, ptr, i32, ptr } { ptr @list_walk, ptr @payload.str, ptr null, i32 1, ptr @args.list }
], section "llvm.metadata"

; CHECK: @findings.restart = internal global ptr @findings.restart.text
; CHECK: @findings.resume = internal global ptr null
; CHECK: @findings.sum = internal global ptr null
; CHECK: @findings.list = internal global ptr null
; CHECK: @findings.restart.text = {{.*}} c"restarts\09it chases pointers from the same start every invocation and does not keep where it ended: after the first invocation its nodes come from the cache{{.*}}keep the position between invocations{{.*}} or make the ring larger than the cache that matters\0A\00"
; CHECK-NOT: @findings.resume.text
; CHECK-NOT: @findings.sum.text
; CHECK-NOT: @findings.list.text

define i32 @restart() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi i32 [ 0, %entry ], [ %next, %loop ]
  %idx = zext i32 %p to i64
  %at = getelementptr inbounds [1024 x { i32, [60 x i8] }], ptr @ring, i64 0, i64 %idx
  %next = load i32, ptr %at
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 256
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %next
}

define i32 @resume() {
entry:
  %start = load i32, ptr @walker
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi i32 [ %start, %entry ], [ %next, %loop ]
  %idx = zext i32 %p to i64
  %at = getelementptr inbounds [1024 x { i32, [60 x i8] }], ptr @ring, i64 0, i64 %idx
  %next = load i32, ptr %at
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 256
  br i1 %done, label %exit, label %loop
exit:
  %end = phi i32 [ %next, %loop ]
  store i32 %end, ptr @walker
  ret i32 %end
}

define i32 @sum() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  %at = getelementptr inbounds [1024 x { i32, [60 x i8] }], ptr @ring, i64 0, i64 %i
  %v = load i32, ptr %at
  %s.next = add i32 %s, %v
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, 256
  br i1 %done, label %exit, label %loop
exit:
  ret i32 %s.next
}

define i64 @list_walk() {
entry:
  %head = load ptr, ptr @list
  %empty = icmp eq ptr %head, null
  br i1 %empty, label %exit, label %loop
loop:
  %n = phi ptr [ %head, %entry ], [ %next, %loop ]
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %next = load ptr, ptr %n
  %k.next = add i64 %k, 1
  %done = icmp eq ptr %next, null
  br i1 %done, label %exit, label %loop
exit:
  %count = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  ret i64 %count
}
