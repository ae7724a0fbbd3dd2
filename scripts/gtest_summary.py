#!/usr/bin/env python3
"""scripts/bench-gtest's figures from its result files.

gtest_summary.py PROJECT DIR: per suite, the tests --gtest_list_tests lists
(DIR/*.list) against the rows steady gtest wrote (DIR/*.json, *.table,
*.analysis.json).
gtest_summary.py --fixtures WORK: the paused and prepared fixture runs side by side."""
import glob
import json
import os
import statistics
import sys

# Notes that flag a row's number (severity wrong or doubtful, model/src/notes.cpp).
FLAGS = ("UNSTABLE", "WIDE", "NOT TRUSTWORTHY", "preempted", "MEASURES NOTHING", "folded at", "work deleted", "hoisted",
         "mutated input", "first invocation", "fork(s) failed", "CPU migration", "not protected", "not steady",
         "counters multiplexed", "never ran", "layout-sensitive", "disagree")


def listed(path):
    names, suite = [], None
    for line in open(path):
        if not line.strip():
            continue
        if not line.startswith(" "):
            suite = line.split()[0]
        else:
            names.append(suite + line.split()[0])
    return names


def half_width(b):
    s = b["summary"]
    lo, hi = s["ci99"]
    return (hi - lo) / 2 / s["ns_per_op"] if s["ns_per_op"] > 0 else float("inf")


def project(name, d):
    total = dict(listed=0, accounted=0, measured=0, failed=0, within3=0, flagged=0, neither=0,
                 forks=0, steady_forks=0, analysed=0, stable=0)
    reasons = {}
    for lst in sorted(glob.glob(os.path.join(d, "*.list"))):
        base = lst[:-5]
        names = listed(lst)
        total["listed"] += len(names)
        if not os.path.exists(base + ".json"):
            continue
        doc = json.load(open(base + ".json"))
        rows = {b["name"]: b for b in doc["benchmarks"]}
        notes = {}
        for line in open(base + ".table", errors="replace"):
            parts = line.split()
            if parts and parts[0] in rows:
                notes[parts[0]] = line
        total["accounted"] += sum(n in rows for n in names)
        for b in doc["benchmarks"]:
            ok = [f for f in b["forks"] if f["status"] == "ok"]
            if b.get("not_measured"):
                r = b["not_measured"].split(":")[0]
                reasons[r] = reasons.get(r, 0) + 1
            elif not ok:
                total["failed"] += 1
            else:
                total["measured"] += 1
                good = half_width(b) <= 0.03
                flagged = any(f in notes.get(b["name"], "") for f in FLAGS)
                total["within3"] += good
                total["flagged"] += flagged
                total["neither"] += not good and not flagged
        if os.path.exists(base + ".wall"):  # "seconds load1" of the run that made the .json (bench-gtest)
            seconds, load = open(base + ".wall").read().split()
            total["wall"] = total.get("wall", 0) + int(seconds)
            total.setdefault("loads", []).append(float(load))
        if os.path.exists(base + ".analysis.json"):
            for a in json.load(open(base + ".analysis.json")).get("benchmarks", []):
                if a.get("stability") is None:
                    continue
                total["analysed"] += 1
                total["stable"] += a["stability"] == "stable"
                total["forks"] += a["analysed_forks"]
                total["steady_forks"] += a["steady_forks"]
    t = total
    pct = lambda a, b: "%.1f %%" % (100.0 * a / b) if b else "-"
    print(f"{name}: {t['listed']} tests listed, {t['accounted']} accounted for ({pct(t['accounted'], t['listed'])}), "
          f"{t['measured']} measured ({pct(t['measured'], t['listed'])}), {t['failed']} failed, "
          f"not measured: {sum(reasons.values())} {reasons}")
    if "wall" in t:
        print(f"{name}: steady gtest wall time summed over the binaries: {t['wall']} s "
              f"(load average at their ends {min(t['loads']):.1f}-{max(t['loads']):.1f})")
    print(f"{name}: of the measured rows, {t['within3']} within +-3 % ({pct(t['within3'], t['measured'])}), "
          f"{t['flagged']} flagged, {t['neither']} neither")
    print(f"{name}: steady analyze: {t['steady_forks']} of {t['forks']} forks steady ({pct(t['steady_forks'], t['forks'])}), "
          f"{t['stable']} of {t['analysed']} tests stable ({pct(t['stable'], t['analysed'])}); "
          f"ju2jmh's generated benchmarks: 97.80 % of forks, 86.29 % of benchmarks")


def fixtures(work):
    per = {}
    for mode in ("pause", "prepared"):
        for path in sorted(glob.glob(os.path.join(work, f"fixtures-{mode}-*.json"))):
            for b in json.load(open(path))["benchmarks"]:
                if any(f["status"] == "ok" for f in b["forks"]) and not b.get("single_shot"):
                    per.setdefault(b["name"], {}).setdefault(mode, []).append(b)
    ratios, widths, batches = [], {"pause": [], "prepared": []}, {"pause": 0, "prepared": 0}
    for name, modes in per.items():
        if len(modes) < 2:
            continue
        p = statistics.median(b["summary"]["ns_per_op"] for b in modes["pause"])
        q = statistics.median(b["summary"]["ns_per_op"] for b in modes["prepared"])
        ratios.append(q / p)
        for m in widths:
            widths[m].append(statistics.median(half_width(b) for b in modes[m]))
            batches[m] += sum(b["summary"]["preemption"]["batches"] for b in modes[m])
    if not ratios:
        print("fixtures: no test measured in both modes (outside single shot)")
        return
    q = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
    print(f"fixtures: {len(ratios)} tests in both modes; prepared/pause ns/op: median {statistics.median(ratios):.3f} "
          f"(quartiles {q[0]:.3f}-{q[2]:.3f}); median CI half-width: pause {100 * statistics.median(widths['pause']):.2f} %, "
          f"prepared {100 * statistics.median(widths['prepared']):.2f} %; timed batches: pause {batches['pause']}, "
          f"prepared {batches['prepared']}")
    # Tiny tests (under 1 us a body paused): per mode, the median over tests of
    # the CI half-width, of the spread of ns/op over rounds (max/min - 1), of
    # the fork-to-fork spread within a round (max/min fork mean - 1) and of the
    # invocations timed per round.
    tiny = {n: m for n, m in per.items() if len(m) == 2 and
            statistics.median(b["summary"]["ns_per_op"] for b in m["pause"]) < 1000}
    if not tiny:
        return
    def fork_spread(b):
        means = [statistics.mean(it["ns_per_op"] for it in f["iterations"] if not it["warmup"])
                 for f in b["forks"] if f["status"] == "ok" and any(not it["warmup"] for it in f["iterations"])]
        return max(means) / min(means) - 1 if len(means) > 1 and min(means) > 0 else float("nan")
    for m in ("pause", "prepared"):
        hw = statistics.median(statistics.median(half_width(b) for b in t[m]) for t in tiny.values())
        rounds = statistics.median(max(b["summary"]["ns_per_op"] for b in t[m]) /
                                   min(b["summary"]["ns_per_op"] for b in t[m]) - 1 for t in tiny.values())
        forks = statistics.median(statistics.median(fork_spread(b) for b in t[m]) for t in tiny.values())
        ops = statistics.median(statistics.median(sum(it["ops"] for f in b["forks"] for it in f["iterations"]
                                                      if not it["warmup"]) for b in t[m]) for t in tiny.values())
        ns = statistics.median(statistics.median(b["summary"]["ns_per_op"] for b in t[m]) for t in tiny.values())
        print(f"tiny tests ({len(tiny)}), {m}: median ns/op {ns:.1f}, CI half-width {100 * hw:.1f} %, ns/op spread over "
              f"rounds {100 * rounds:.1f} %, fork-to-fork spread {100 * forks:.1f} %, invocations timed per run {ops:.0f}")


if sys.argv[1] == "--fixtures":
    fixtures(sys.argv[2])
else:
    project(sys.argv[1], sys.argv[2])
