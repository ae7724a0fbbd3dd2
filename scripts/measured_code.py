"""The instructions of a benchmark's measured code, one definition for
scripts/count-instructions (clang -S output) and scripts/bench-protect
(llvm-objdump -d output).

The measured code of benchmark NAME is the steady::detail::run_batch<>
instantiation for steady_bench_NAME (the harness loop, the payload inlined
into it) plus steady_bench_NAME::payload() when the payload was not inlined.
Its measured loop is the loop with the most instructions in run_batch: the
basic blocks (leaders: the entry, every in-function branch target, every
instruction after a branch, return or no-return call) reachable from the
entry, their strongly connected components (Tarjan), which do not depend on
how the compiler laid the blocks out (rotated loops entered in the middle, cold
blocks after the return that jump back). It contains everything run per
invocation: the payload's inner loops and its cold paths that return into the
loop. Alignment nops are not counted; counts are static (an unrolled loop
counts each copy).
"""
import re
import subprocess
from dataclasses import dataclass, field

LLVM = "/usr/lib/llvm-22/bin"


def is_run_batch(function, name):
    """Whether the demangled `function` is the run_batch<> of benchmark `name`
    (not one of its copies at other entry offsets for --layout=random,
    pass/Layout.cpp: the same code, run instead of it, never with it)."""
    return (re.search(r"run_batch(_f)?<.*steady_bench_" + re.escape(name) + ">", function) is not None
            and ".steady.layout" not in function)


def is_payload(function, name):
    """Whether `function` (demangled; a callee may carry an address before it)
    is the out-of-line payload of benchmark `name`."""
    return function.endswith("steady_bench_" + name + "::payload()")


def is_measured(function, name):
    return is_run_batch(function, name) or is_payload(function, name)


def demangle(names):
    """Demangled forms of symbol names, in order (llvm-cxxfilt)."""
    out = subprocess.run([LLVM + "/llvm-cxxfilt"], input="\n".join(names), capture_output=True, text=True,
                         check=True).stdout
    return out.split("\n")[: len(names)]


def assembly_counts(path):
    """Instructions per function of a clang .s file, by demangled name."""
    counts, current = {}, None
    for line in open(path):
        label = re.match(r"^([A-Za-z_][\w.$]*):", line)
        if label:
            if not label.group(1).startswith(".L"):
                current = label.group(1)
                counts[current] = 0
            continue
        if line.startswith(".Lfunc_end"):
            current = None
            continue
        text = line.split("#", 1)[0].strip()
        if current and text and not text.startswith(".") and not text.endswith(":"):
            counts[current] += 1
    return dict(zip(demangle(list(counts)), counts.values()))


@dataclass
class Instruction:
    address: int
    mnemonic: str
    operands: str
    text: str


def disassembly(path):
    """The functions of `llvm-objdump -d --no-show-raw-insn -C` output, in
    order: (name, instructions)."""
    functions, current = [], None
    for line in open(path):
        line = line.rstrip("\n")
        header = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if header:
            current = []
            functions.append((header.group(1), current))
            continue
        insn = re.match(r"^ *([0-9a-f]+):[ \t]*(.*)$", line)
        if current is not None and insn:
            text = insn.group(2)
            parts = re.split(r"[ \t]+", text, maxsplit=1)
            current.append(Instruction(int(insn.group(1), 16), parts[0], parts[1] if len(parts) > 1 else "", text))
    return functions


def first_function(functions, matches):
    """The instructions of the first function whose name `matches`, or None."""
    return next((insns for name, insns in functions if matches(name)), None)


NO_RETURN = re.compile(r"(__throw_|__cxa_throw|__cxa_rethrow|_Unwind_Resume|[^_a-z]abort|terminate|__stack_chk_fail"
                       r"|__assert_fail)")


@dataclass
class LoopCount:
    loop: int = 0        # instructions of the measured loop
    loops: int = 0       # loop components
    total: int = 0       # reachable instructions of the function
    calls: list = field(default_factory=list)  # direct callees in the measured loop (the function without one)
    listing: list = field(default_factory=list)  # the measured loop's instructions


def measured_loop(insns):
    """The measured loop of one function's instructions (see the module's doc)."""
    n = len(insns)
    at = {i.address: k for k, i in enumerate(insns)}
    lo, hi = insns[0].address, insns[-1].address
    kind, target = [], []
    for i in insns:
        t, k = None, "seq"
        if i.mnemonic.startswith("j"):
            k = "jmp" if i.mnemonic.startswith("jmp") else "jcc"
            m = re.match(r"^0x([0-9a-f]+)", i.operands)
            if m and lo <= int(m.group(1), 16) <= hi:
                t = at.get(int(m.group(1), 16))
        elif i.mnemonic.startswith("ret") or i.mnemonic in ("ud2", "int3", "hlt"):
            k = "end"
        elif i.mnemonic.startswith("call") and NO_RETURN.search(i.operands):
            k = "end"
        kind.append(k)
        target.append(t)
    leaders = {0}
    for k in range(n):
        if target[k] is not None:
            leaders.add(target[k])
        if kind[k] != "seq" and k + 1 < n:
            leaders.add(k + 1)
    starts = sorted(leaders)
    blocks = [range(s, e) for s, e in zip(starts, starts[1:] + [n])]
    block_of = {k: b for b, r in enumerate(blocks) for k in r}
    succ = []
    for b, r in enumerate(blocks):
        last, out = r[-1], []
        if kind[last] in ("jmp", "jcc") and target[last] is not None:
            out.append(block_of[target[last]])
        if kind[last] in ("seq", "jcc") and b + 1 < len(blocks):
            out.append(b + 1)
        succ.append(out)
    reach, todo = {0}, [0]
    while todo:
        for s in succ[todo.pop()]:
            if s not in reach:
                reach.add(s)
                todo.append(s)
    component = strongly_connected(succ, sorted(reach))
    size = {}
    for b in reach:
        size[component[b]] = size.get(component[b], 0) + 1
    is_loop = {component[b] for b in reach if size[component[b]] > 1 or b in succ[b]}
    count = {}
    for b in reach:
        count[component[b]] = count.get(component[b], 0) + sum(
            1 for k in blocks[b] if not insns[k].mnemonic.startswith("nop"))
    best = None
    for c in sorted(is_loop):  # the first of the largest, in discovery order
        if best is None or count[c] > count[best]:
            best = c
    out = LoopCount(loop=count[best] if best is not None else 0, loops=len(is_loop), total=sum(count.values()))
    for b in sorted(reach):
        if best is not None and component[b] != best:
            continue
        for k in blocks[b]:
            i = insns[k]
            if i.mnemonic.startswith("nop"):
                continue
            if best is not None:
                out.listing.append(i.text)
            if i.mnemonic.startswith("call"):
                out.calls.append(re.sub(r">$", "", re.sub(r"^[^<]*<", "", i.operands)))
    return out


def strongly_connected(succ, nodes):
    """Tarjan's components of the graph restricted to `nodes`, numbered in the
    order they complete."""
    index, low, on_stack, stack, component = {}, {}, set(), [], {}
    counter = [0, 0]

    def connect(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in succ[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            counter[1] += 1
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component[w] = counter[1]
                if w == v:
                    break

    for v in nodes:
        if v not in index:
            connect(v)
    return component
