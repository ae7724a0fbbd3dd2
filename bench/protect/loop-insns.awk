# Counts the instructions of the measured loop of one function, from
#   llvm-objdump -d --no-show-raw-insn -C BINARY
# (POSIX awk; Debian's default mawk runs it).
#
#   awk -v fn='REGEX' -f loop-insns.awk disassembly.txt
#
# fn is an extended regex matched against the function header line
# ("<addr> <name>:"); the first function that matches is analysed.
#
# Method: the function's instructions are split into basic blocks (leaders:
# the entry, every in-function branch target, every instruction after a
# branch, return or no-return call); edges are fall-through and direct branch
# targets inside the function. Blocks not reachable from the entry (alignment
# padding after the last return) are dropped. The loops are the strongly
# connected components of this graph (Tarjan), which does not depend on how the
# compiler laid out the blocks (rotated loops entered in the middle, cold blocks
# placed after the return that jump back). The measured loop is the loop SCC
# with the most instructions: the outer loop of run_batch, which contains
# everything it runs per invocation, the payload's inner loops included, and
# also its cold paths that return into the loop (they are part of the loop body,
# even if rarely taken). Alignment nops are not counted.
#
# Output, one line:
#   loop=<insns in the measured loop> loops=<number of loop SCCs>
#   total=<reachable insns of the function> calls=<callee;callee;...>
# where calls lists the direct callees inside the measured loop (or of the
# whole function when it has no loop). With -v list=1, the instructions of the
# measured loop are printed first, one per line.

function hex(s,    i, c, v) {
  v = 0
  s = tolower(s)
  sub(/^0x/, "", s)
  for (i = 1; i <= length(s); i++) {
    c = index("0123456789abcdef", substr(s, i, 1))
    if (c == 0) break
    v = v * 16 + c - 1
  }
  return v
}

function strongconnect(b,    k, s, w) {
  idx[b] = low[b] = nextidx++
  stack[++sp] = b
  onstack[b] = 1
  for (k = 1; k <= nsucc[b]; k++) {
    s = succ[b, k]
    if (!(s in idx)) {
      strongconnect(s)
      if (low[s] < low[b]) low[b] = low[s]
    } else if (onstack[s] && idx[s] < low[b]) {
      low[b] = idx[s]
    }
  }
  if (low[b] == idx[b]) {
    nscc++
    do {
      w = stack[sp--]
      onstack[w] = 0
      scc[w] = nscc
      sccsize[nscc]++
    } while (w != b)
  }
}

BEGIN { state = 0; n = 0 }

# Function headers: "000000000000a730 <name>:"
/^[0-9a-f]+ <.*>:$/ {
  if (state == 1) { state = 2; exit }
  if (state == 0 && $0 ~ fn) state = 1
  next
}

state == 1 && /^ *[0-9a-f]+:/ {
  line = $0
  a = line
  sub(/^ */, "", a)
  sub(/:.*/, "", a)
  rest = line
  sub(/^ *[0-9a-f]+:[ \t]*/, "", rest)
  mn = rest
  sub(/[ \t].*/, "", mn)
  ops = rest
  if (index(ops, "\t") || index(ops, " ")) sub(/^[^ \t]*[ \t]+/, "", ops); else ops = ""
  n++
  addr[n] = hex(a)
  mnem[n] = mn
  opnd[n] = ops
  text[n] = rest
  at[tolower(a)] = n
  next
}

END {
  if (n == 0) { print "error: no function matches " fn > "/dev/stderr"; exit 1 }
  lo = addr[1]; hi = addr[n]
  # Kind of each instruction and its in-function target.
  for (i = 1; i <= n; i++) {
    tgt[i] = 0
    kind[i] = "seq"
    m = mnem[i]
    if (m ~ /^j/) {
      kind[i] = (m ~ /^jmp/) ? "jmp" : "jcc"
      if (opnd[i] ~ /^0x[0-9a-f]+/) {
        t = opnd[i]; sub(/[ \t].*/, "", t); sub(/^0x/, "", t)
        if (hex(t) >= lo && hex(t) <= hi && (t in at)) tgt[i] = at[t]
      }
    } else if (m ~ /^ret/ || m == "ud2" || m == "int3" || m == "hlt") {
      kind[i] = "end"
    } else if (m ~ /^call/ && opnd[i] ~ /(__throw_|__cxa_throw|__cxa_rethrow|_Unwind_Resume|[^_a-z]abort|terminate|__stack_chk_fail|__assert_fail)/) {
      kind[i] = "end"
    }
  }
  # Leaders and blocks.
  leader[1] = 1
  for (i = 1; i <= n; i++) {
    if (tgt[i]) leader[tgt[i]] = 1
    if (kind[i] != "seq" && i < n) leader[i + 1] = 1
  }
  nb = 0
  for (i = 1; i <= n; i++) {
    if (i in leader) { nb++; first[nb] = i }
    blk[i] = nb
    last[nb] = i
  }
  for (b = 1; b <= nb; b++) {
    i = last[b]
    nsucc[b] = 0
    if (kind[i] == "jmp" || kind[i] == "jcc")
      if (tgt[i]) succ[b, ++nsucc[b]] = blk[tgt[i]]
    if ((kind[i] == "seq" || kind[i] == "jcc") && b < nb)
      succ[b, ++nsucc[b]] = b + 1
  }
  # Reachable blocks.
  reach[1] = 1; q[1] = 1; qh = 1; qt = 1
  while (qh <= qt) {
    b = q[qh++]
    for (k = 1; k <= nsucc[b]; k++) if (!(succ[b, k] in reach)) { reach[succ[b, k]] = 1; q[++qt] = succ[b, k] }
  }
  # Strongly connected components of the reachable blocks.
  nextidx = 0; sp = 0; nscc = 0
  for (b = 1; b <= nb; b++) if ((b in reach) && !(b in idx)) strongconnect(b)
  # A component is a loop if it has several blocks or a block branching to itself.
  for (b = 1; b <= nb; b++) {
    if (!(b in reach)) continue
    if (sccsize[scc[b]] > 1) isloop[scc[b]] = 1
    for (k = 1; k <= nsucc[b]; k++) if (succ[b, k] == b) isloop[scc[b]] = 1
  }
  total = 0
  for (b = 1; b <= nb; b++) {
    if (!(b in reach)) continue
    for (i = first[b]; i <= last[b]; i++) {
      if (mnem[i] ~ /^nop/) continue
      total++
      insns[scc[b]]++
    }
  }
  loops = 0; best = 0
  for (c = 1; c <= nscc; c++) {
    if (!(c in isloop)) continue
    loops++
    if (!best || insns[c] > insns[best]) best = c
  }
  calls = ""
  for (b = 1; b <= nb; b++) {
    if (!(b in reach) || (best && scc[b] != best)) continue
    for (i = first[b]; i <= last[b]; i++) {
      if (mnem[i] ~ /^nop/) continue
      if (list && best) print text[i]
      if (mnem[i] ~ /^call/) {
        callee = opnd[i]
        sub(/^[^<]*</, "", callee); sub(/>$/, "", callee)
        calls = calls (calls == "" ? "" : ";") callee
      }
    }
  }
  printf "loop=%d loops=%d total=%d calls=%s\n", (best ? insns[best] : 0), loops, total, calls
}
