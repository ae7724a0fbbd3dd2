"""Issue 27's targets judged with bench-layout's rounds as blocks.

Every round of scripts/bench-layout runs every binary of every kind once, so a
round is a block: the machine's speed, which drifts by 2-5 % over the minutes
between rounds on this shared VM (and falls or rises for every binary of a
round alike), is common to the runs of one round. A comparison of two runs'
means over the same rounds has that drift cancelled; what is left is the
residual of a two-way additive ANOVA of the log values (run x round): how far
runs of one round stray from each other (target 1's bound uses it too).

The control that needs no model: within one round, how often a pinned run's
99 % interval holds another run of the same binary (share_held). On this VM a
run's forks share the machine's state of those seconds, so a run's interval
says how well they pin that run's mean, not where the next run will read: at
load 1 it held its own binary's next run in 15-58 % of the pairs (2026-11-27).
An interval of one run that is to hold other runs' values has that to beat.

Target 2, "random mode's interval covers every per-binary mean and is no wider
than that spread plus the pinned interval", judged so (target2):
- covers: every native binary's mean over the rounds lies in every random
  binary's layout interval (its ends' means over the same rounds, in log),
  allowing for the noise of both: a native value is a miss beyond noise when
  it lies outside by more than t(1 - 0.01 / (2 k), df) x sqrt(ms_native / R +
  ms_end / R) (99 % for the k native values together, Bonferroni; ms_end the
  residual of that end of the layout interval over the random runs), and a
  point miss when it lies outside at all;
- width: the layout interval's mean relative width (log hi/lo) against the
  native binaries' spread (max/min of their means over the rounds: drift
  cancels) plus the pinned interval's median relative width.

And random mode against the native binary whose loop starts at the same offset
(offset_rows): random's estimate at that code offset (layout_offsets, one per
random run, averaged over the runs of a round and then over the rounds) over
the native binary's value, with its 99 % bound from the same residuals:
whether random mode reproduces each layout. Pooling every fork of every run
instead (the by-offset table before 2026-11-27) weighs the runs that needed
the most forks, the noisiest, most: it read 1-3 % above native where the runs'
own estimates do not.
"""
import functools
import math
import statistics
import subprocess
import sys


@functools.lru_cache(maxsize=None)
def r_value(expr):
    """A number R computes (None without R); each expression asked of R once."""
    try:
        return float(subprocess.run(["Rscript", "-e", "cat(%s)" % expr], check=True, text=True,
                                    capture_output=True).stdout)
    except OSError:
        _say_once("note: Rscript not found (apt-get install r-base-core): the bounds and p-values are left out")
        return None
    except (subprocess.CalledProcessError, ValueError):
        return None


@functools.lru_cache(maxsize=None)
def _say_once(message):
    print(message, file=sys.stderr)


def blocks(groups):
    """The rounds as blocks: a two-way additive ANOVA of the log values
    (groups: each binary's or run's values, one per round, every group every
    round), without the rounds' common drift (the machine's speed moving over
    minutes moves every binary of a round alike). Returns the residual mean
    square, its degrees of freedom and the rounds; None with one round."""
    rounds = min(len(g) for g in groups)
    logs = [[math.log(x) for x in g[:rounds]] for g in groups]
    df = (len(logs) - 1) * (rounds - 1)
    if df < 1:
        return None
    grand = statistics.mean(x for g in logs for x in g)
    row = [statistics.mean(g) for g in logs]
    col = [statistics.mean(g[r] for g in logs) for r in range(rounds)]
    ss = sum((g[r] - row[i] - col[r] + grand) ** 2 for i, g in enumerate(logs) for r in range(rounds))
    return ss / df, df, rounds


def log_mean(values):
    return statistics.mean(math.log(v) for v in values)


def target2(native, layout, pinned_widths, binaries):
    """native: column -> its value per round (every native run, the repeated
    runs of one binary included: they feed the residual); layout: column ->
    the random run's layout interval (low, high) per round; pinned_widths:
    every pinned run's relative width log(high / low); binaries: the columns
    the target is about. Returns None with fewer than two rounds."""
    noise_n = blocks(list(native.values()))
    noise_lo = blocks([[lo for lo, _ in v] for v in layout.values()])
    noise_hi = blocks([[hi for _, hi in v] for v in layout.values()])
    if None in (noise_n, noise_lo, noise_hi):
        return None
    rounds = noise_n[2]
    q = r_value("qt(%r, %d)" % (1 - 0.01 / (2 * len(binaries)), min(noise_n[1], noise_lo[1])))
    if q is None:
        return None
    nat = {b: log_mean(native[b][:rounds]) for b in binaries}
    point = beyond = 0
    worst = None  # the point miss that comes closest to (or goes furthest past) its bound: (miss, bound)
    for b in binaries:
        lo, hi = log_mean(l for l, _ in layout[b][:rounds]), log_mean(h for _, h in layout[b][:rounds])
        for v in nat.values():
            miss, ms_end = (lo - v, noise_lo[0]) if v < lo else (v - hi, noise_hi[0])
            bound = q * math.sqrt((noise_n[0] + ms_end) / rounds)
            point += miss > 0
            beyond += miss > bound
            if miss > 0 and (worst is None or miss - bound > worst[0] - worst[1]):
                worst = (miss, bound)
    width = statistics.median(
        statistics.mean(math.log(h / l) for l, h in layout[b][:rounds]) for b in binaries)
    allowance = max(nat.values()) - min(nat.values()) + statistics.median(pinned_widths)
    return {"pairs": len(binaries) ** 2, "point": point, "beyond": beyond, "worst": worst, "rounds": rounds,
            "width": width, "allowance": allowance, "residual": math.sqrt(noise_n[0]), "q": q}


def share_held(pairs):
    """Of (interval, value) pairs, the share whose value lies in the interval."""
    pairs = list(pairs)
    return sum(lo <= v <= hi for (lo, hi), v in pairs) / len(pairs) if pairs else None


def offset_rows(random_offsets, native, native_start, binaries):
    """random_offsets: column -> per round {code offset: random's estimate
    there} (every random run); native: column -> value per round (every native
    run); native_start: binary -> its run_batch's start mod 64. Per offset and
    native binary at that offset: (offset, binary, ratio random/native, its
    99 % bound as a factor, random's runs' estimate, native's value)."""
    noise_n = blocks(list(native.values()))
    if noise_n is None:
        return []
    rounds = noise_n[2]
    rows = []
    offsets = sorted(set(o for v in random_offsets.values() for r in v for o in r))
    for off in offsets:
        groups = [[r[off] for r in v[:rounds]] for v in random_offsets.values() if all(off in r for r in v[:rounds])]
        noise_r = blocks(groups) if groups else None
        if noise_r is None:
            continue
        est = statistics.mean(log_mean(g) for g in groups)
        q = r_value("qt(0.995, %d)" % min(noise_n[1], noise_r[1]))
        for b in binaries:
            if native_start.get(b) != off or q is None:
                continue
            nat = log_mean(native[b][:rounds])
            bound = q * math.sqrt(noise_r[0] / (rounds * len(groups)) + noise_n[0] / rounds)
            rows.append((off, b, math.exp(est - nat), math.exp(bound), math.exp(est), math.exp(nat)))
    return rows
