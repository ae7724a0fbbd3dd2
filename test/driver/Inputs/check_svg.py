#!/usr/bin/env python3
"""Parses every SVG in DIR (a parse error fails the test) and prints, per file,
what a reader needs to find in the plot: title, verdict, axis labels, how many
points and outlier marks, segment lines, the steady-state start line and the
last-K window.

usage: check_svg.py DIR [ANALYSIS.json]  (with the JSON: its segment counts first)
"""
import os
import sys
import xml.etree.ElementTree as ET

ns = "{http://www.w3.org/2000/svg}"
d = sys.argv[1]
if len(sys.argv) > 2:
    import json
    doc = json.load(open(sys.argv[2]))
    print("json segments", [len(f["segments"]) for b in doc["benchmarks"] for f in b["forks"] if f["analysed"]])
for name in sorted(os.listdir(d)):
    root = ET.parse(os.path.join(d, name)).getroot()
    texts = [t.text for t in root.iter(ns + "text")]

    def group(cls):
        return [g for g in root.iter(ns + "g") if g.get("class") == cls]

    points = sum(len(g.findall(ns + "circle")) for g in group("points"))
    outliers = sum(len(g.findall(ns + "path")) for g in group("outliers"))
    segments = sum(len(g.findall(ns + "line")) for g in group("segments"))
    start = [l for l in root.iter(ns + "line") if l.get("class") == "steady-start"]
    last_k = [r for r in root.iter(ns + "rect") if r.get("class") == "last-k"]
    print(name, root.tag == ns + "svg", "points+outliers", points + outliers, "outliers", outliers,
          "segments", segments, "start line", len(start), "last-K", len(last_k))
    print(" title", texts[0])
    print(" verdict", texts[1])
    print(" axes", "iteration" in texts, "ns/op" in texts)
