// Draws steady's report page from the data block (schema steady-report/1,
// driver/report_data.h): tables as HTML, charts as Vega-Lite specs rendered
// by vega-embed as SVG. Charts are drawn as they come near the viewport, so
// that a page of 200 benchmarks opens as fast as one of 2; "draw every chart"
// draws the rest (for printing). window.steadyReport.ready resolves once the
// tables and the charts on the first screen are drawn.
(function () {
  'use strict';
  performance.mark('steady-scripts-loaded');
  const data = JSON.parse(document.getElementById('steady-data').textContent);
  performance.mark('steady-data-parsed');
  const main = document.getElementById('report');
  const WIDTH = 760;
  const VERDICT_COLORS = {
    slower: '#d62728',
    faster: '#2ca02c',
    same: '#7f7f7f',
    "can't tell yet": '#ff7f0e',
    'measures nothing': '#bcbcbc',
  };
  // The series chart's marks and their colors, one legend for points and rules.
  const SERIES_MARKS = ['warmup iteration', 'measurement iteration', 'outlier', 'segment mean (final run)',
    'segment mean (earlier)', 'changepoint', 'warmup used', 'steady-state start'];
  const SERIES_COLORS = ['#9aa6b2', '#4a6fa5', '#d62728', '#1b7f3b', '#e07b00', '#b39ddb', '#555555', '#1f3fbf'];

  // ---- small DOM helpers -------------------------------------------------
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') e.className = v;
      else if (k === 'title') e.title = v;
      else e.setAttribute(k, v);
    }
    for (const c of children.flat())
      if (c !== null && c !== undefined) e.append(c instanceof Node ? c : String(c));
    return e;
  }
  function num(v, digits = 4) {
    if (v === null || v === undefined || !isFinite(v)) return '-';
    return Number(v).toPrecision(digits).replace(/\.?0+(e|$)/, '$1');
  }
  function time(ns) {
    if (ns === null || ns === undefined || !isFinite(ns)) return '-';
    const a = Math.abs(ns);
    if (a >= 1e9) return num(ns / 1e9) + ' s';
    if (a >= 1e6) return num(ns / 1e6) + ' ms';
    if (a >= 1e3) return num(ns / 1e3) + ' µs';
    return num(ns) + ' ns';
  }
  function anchor(b, i) {
    return 'b' + i + '-' + b.name.replace(/[^A-Za-z0-9_-]+/g, '_');
  }
  function missingList(items) {
    if (!items || !items.length) return null;
    return el('ul', { class: 'missing' }, items.map((m) => el('li', {}, m)));
  }

  // ---- header: the runs' machines and configurations ---------------------
  function runSection(run) {
    const m = run.machine, c = run.config;
    const load = (l) => l.map((x) => num(x, 3)).join(' / ');
    const rows = [
      ['machine', m.cpu ? `${m.cpu}, ${m.cores} cores` : 'not recorded'],
      ['system', [m.hostname, m.kernel && (/^Linux/.test(m.kernel) ? m.kernel : 'Linux ' + m.kernel), m.governor && 'governor ' + m.governor]
        .filter(Boolean).join(', ') || '-'],
      ['load (1/5/15 min)', `${load(m.load_start)} at the start, ${load(m.load_end)} at the end` +
        (m.steal !== null ? `; ${num(100 * m.steal, 2)} % of the CPU time stolen` : '')],
      ['timer', `${m.timer || '-'}, ${num(m.ticks_per_ns)} ticks/ns${m.invariant_tsc ? ', invariant TSC' : ''}`],
      ['configuration', `mode ${c.mode}; stop ${c.stop}` +
        (c.stop !== 'none'
          ? `; warmup ${c.min_warmup}-${c.max_warmup} iterations, ${c.min_forks}-${c.max_forks} forks`
          : `; ${c.warmup_iterations} warmup iterations, ${c.forks} forks`) +
        `; ${c.iterations} iterations of ${num(c.iteration_time_s * 1e3, 3)} ms` +
        (c.warmup_forks ? `; ${c.warmup_forks} warmup forks` : '') +
        (c.profile ? `; profile ${c.profile}` : '') + (c.filter !== '.*' ? `; filter ${c.filter}` : '')],
      ['counters', run.counters.length ? run.counters.join(', ') : 'none'],
      ['started', run.started || '-'],
    ];
    if (run.ab) rows.push(['steady ab', `side ${run.ab.side}: ${run.ab.binary} (other: ${run.ab.other})`]);
    return el('section', { class: 'run' }, el('h2', {}, run.label),
      el('table', { class: 'facts' }, rows.map(([k, v]) => el('tr', {}, el('th', {}, k), el('td', {}, v)))),
      missingList(run.missing));
  }

  // ---- the summary table --------------------------------------------------
  // The notes steady decided (model/src/notes.cpp), but those that only say
  // how the number was obtained.
  function flagsOf(b) {
    return b.notes.filter((n) => n.severity !== 'info').map((n) => n.text);
  }

  function summaryTable(benchmarks) {
    const multi = data.runs.length > 1;
    const counterNames = [...new Set(data.runs.flatMap((r) => r.counters))];
    const head = el('tr', {}, el('th', {}, 'benchmark'), multi ? el('th', {}, 'file') : null, el('th', {}, 'params'),
      el('th', { class: 'num' }, 'ns/op'), el('th', { class: 'num' }, '99 % CI'),
      counterNames.map((c) => el('th', { class: 'num' }, c + '/op')),
      el('th', { class: 'num' }, 'forks'), el('th', { class: 'num' }, 'iterations'), el('th', {}, 'stop'), el('th', {}, 'flags'));
    const rows = benchmarks.map((b) => {
      const s = b.summary, run = data.runs[b.run];
      const flags = flagsOf(b);
      const params = Object.entries(b.params).map(([k, v]) => `${k}=${v}`).join(', ');
      return el('tr', { class: flags.length ? 'flagged' : '' },
        el('td', {}, el('a', { href: '#' + b.anchor }, b.name)), multi ? el('td', {}, run.label) : null,
        el('td', {}, params), el('td', { class: 'num' }, b.forks.length ? time(s.ns_per_op) : '-'),
        el('td', { class: 'num' }, b.forks.length ? `${time(s.ci[0])} – ${time(s.ci[1])}` : '-'),
        counterNames.map((c) => {
          const k = run.counters.indexOf(c);
          return el('td', { class: 'num' }, k >= 0 && s.counters_per_op.length > k ? num(s.counters_per_op[k]) : '-');
        }),
        el('td', { class: 'num' }, s.forks_used + (s.forks_failed ? ` (+${s.forks_failed} failed)` : '')),
        el('td', { class: 'num' }, s.iterations), el('td', {}, b.stop.reason),
        el('td', { class: 'flags' }, flags.length ? flags.join('; ') : 'none'));
    });
    return el('table', { class: 'summary' }, el('thead', {}, head), el('tbody', {}, rows));
  }

  // ---- chart specs ---------------------------------------------------------
  function forkLabel(f) {
    const a = f.analysis;
    const verdict = a ? (a.steady ? `steady from iteration ${a.steady_iteration + 1}` : 'not steady')
      : f.skipped;
    return `fork ${f.fork}: ${verdict}`;
  }

  // Every fork's iterations, one row per fork, with the warmup cut, the
  // changepoints, the segment means and the steady-state start. Iterations
  // are counted from 1, as steady analyze prints them (the data's indices
  // are 0-based): a line "at k" stands on the k-th iteration, its first.
  function seriesSpec(b) {
    const rows = [];
    const kept = [];
    for (const f of b.forks) {
      const label = forkLabel(f);
      for (const [i, ns, outlier] of f.points) {
        const cat = outlier ? 'outlier' : i < f.warmup_iterations ? 'warmup iteration' : 'measurement iteration';
        rows.push({ fork: label, n: f.fork, kind: 'point', cat, iteration: i + 1, ns });
        if (!outlier) kept.push(ns);
      }
      if (f.warmup_iterations > 0)
        rows.push({ fork: label, n: f.fork, kind: 'rule', cat: 'warmup used', iteration: f.warmup_iterations + 1 });
      const a = f.analysis;
      if (!a) continue;
      // The window the verdict is about (the last K iterations), and the
      // band a segment mean must lie in to count as similar to the final one.
      rows.push({ fork: label, n: f.fork, kind: 'area', cat: `last K = ${a.last_points} iterations`,
        iteration: f.iterations - a.last_points + 1, end: f.iterations });
      const m = a.segments.length ? a.segments[a.segments.length - 1][2] : null;
      if (m !== null)
        rows.push({ fork: label, n: f.fork, kind: 'band', cat: `within ${num(100 * data.limits.tolerance, 3)} % of ` +
          'the final segment', iteration: 1, end: f.iterations, lo: m * (1 - data.limits.tolerance),
        hi: m * (1 + data.limits.tolerance) });
      for (const [begin, end, mean, final] of a.segments)
        rows.push({ fork: label, n: f.fork, kind: 'segment', cat: final ? 'segment mean (final run)' :
          'segment mean (earlier)', iteration: begin + 1, end, ns: mean });
      for (const c of a.changepoints)
        rows.push({ fork: label, n: f.fork, kind: 'rule', cat: 'changepoint', iteration: c + 2 });
      if (a.steady_iteration !== null)
        rows.push({ fork: label, n: f.fork, kind: 'rule', cat: 'steady-state start', iteration: a.steady_iteration + 1 });
    }
    // The y range follows the points kept for segmentation, so that one
    // spike does not flatten the rest; outliers beyond it sit at the edge.
    let lo = Math.min(...kept), hi = Math.max(...kept);
    if (!(lo <= hi)) { lo = 0; hi = 1; }
    const pad = hi > lo ? (hi - lo) * 0.08 : Math.max(Math.abs(hi) * 0.01, 1e-9);
    const y = { field: 'ns', type: 'quantitative', title: 'ns/op',
      scale: { domain: [lo - pad, hi + pad], clamp: true, zero: false } };
    const color = { field: 'cat', type: 'nominal', title: null,
      scale: { domain: SERIES_MARKS, range: SERIES_COLORS }, legend: { orient: 'bottom', columns: 4 } };
    const x = { field: 'iteration', type: 'quantitative', title: 'iteration', axis: { tickMinStep: 1 } };
    const only = (k) => ({ filter: `datum.kind === '${k}'` });
    return {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      data: { values: rows },
      facet: { row: { field: 'fork', type: 'nominal', title: null, sort: { field: 'n', op: 'min' },
        header: { labelAngle: 0, labelAlign: 'left', labelAnchor: 'start', labelOrient: 'top', labelFontSize: 12 } } },
      spec: {
        width: WIDTH, height: 110,
        layer: [
          { transform: [only('area')], mark: { type: 'rect', color: '#000', opacity: 0.06 },
            encoding: { x, x2: { field: 'end' }, tooltip: { field: 'cat', title: 'shaded' } } },
          { transform: [only('band')], mark: { type: 'rect', color: '#1b7f3b', opacity: 0.1 },
            encoding: { x, x2: { field: 'end' }, y: { ...y, field: 'lo' }, y2: { field: 'hi' },
              tooltip: [{ field: 'cat', title: 'band' }, { field: 'lo', format: '.6~g' },
                { field: 'hi', format: '.6~g' }] } },
          { transform: [only('rule')], mark: { type: 'rule', strokeDash: [4, 3] },
            encoding: { x, color, size: { value: 1.5 },
              tooltip: [{ field: 'cat', title: 'line' }, { field: 'iteration', title: 'at iteration' }] } },
          { transform: [only('point')], mark: { type: 'point', filled: true, size: 22, opacity: 0.75 },
            encoding: { x, y, color,
              shape: { condition: { test: "datum.cat === 'outlier'", value: 'cross' }, value: 'circle' },
              tooltip: [{ field: 'fork' }, { field: 'iteration' }, { field: 'ns', title: 'ns/op', format: '.6~g' },
                { field: 'cat', title: 'kind' }] } },
          { transform: [only('segment')], mark: { type: 'rule', strokeWidth: 2.5 },
            encoding: { x, x2: { field: 'end' }, y, color,
              tooltip: [{ field: 'cat', title: 'segment' }, { field: 'iteration', title: 'from' },
                { field: 'end', title: 'to' }, { field: 'ns', title: 'mean ns/op', format: '.6~g' }] } },
        ],
      },
      resolve: { scale: { x: 'shared', y: 'shared' } },
    };
  }

  // Each fork's mean as a point, coloured by its group: shown when the forks
  // disagree (the groups are the notes', model/src/notes.cpp).
  function forkMeansSpec(b) {
    const groups = b.notes.find((n) => n.kind === 'forks-disagree').groups;
    const label = (g) => `group ${g}: ${groups[g - 1].forks.length} fork(s) near ${time(groups[g - 1].center)}`;
    const rows = b.forks.filter((f) => f.mean !== null)
      .map((f) => ({ fork: `fork ${f.fork}`, n: f.fork, mean: f.mean, group: f.group ? label(f.group) : 'no group' }));
    return {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      data: { values: rows },
      width: WIDTH, height: Math.max(60, 12 * rows.length),
      mark: { type: 'point', filled: true, size: 60 },
      encoding: {
        x: { field: 'mean', type: 'quantitative', title: 'fork mean, ns/op', scale: { zero: false } },
        y: { field: 'fork', type: 'nominal', title: null, sort: { field: 'n' } },
        color: { field: 'group', type: 'nominal', title: null, legend: { orient: 'bottom', labelLimit: 400 } },
        tooltip: [{ field: 'fork' }, { field: 'mean', title: 'mean ns/op', format: '.6~g' }, { field: 'group' }],
      },
    };
  }

  // The inner bulk of the quantiles: the axis leaves the extreme 0.5 % out.
  function bulkDomain(lists) {
    const inner = lists.flatMap((q) => (q.length > 4 ? q.slice(1, -1) : q));
    let lo = Math.min(...inner), hi = Math.max(...inner);
    const pad = hi > lo ? (hi - lo) * 0.05 : Math.max(Math.abs(hi) * 0.01, 1e-9);
    return [lo - pad, hi + pad];
  }

  // Each fork's batch samples (as their quantiles): a density and the points.
  function distributionSpec(b) {
    const forks = b.forks.filter((f) => f.quantiles.length);
    const rows = forks.flatMap((f) => f.quantiles.map((v) => ({ fork: `fork ${f.fork}`, n: f.fork, v })));
    const domain = bulkDomain(forks.map((f) => f.quantiles));
    const x = { field: 'v', type: 'quantitative', title: 'ns/op (batch samples)',
      scale: { domain, zero: false, nice: false } };
    return {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      data: { values: rows },
      facet: { row: { field: 'fork', type: 'nominal', title: null, sort: { field: 'n', op: 'min' },
        header: { labelAngle: 0, labelAlign: 'left' } } },
      spec: {
        width: WIDTH, height: 46,
        layer: [
          { transform: [{ density: 'v', groupby: ['fork', 'n'], extent: domain, steps: 120, as: ['v', 'density'] }],
            mark: { type: 'area', opacity: 0.5, clip: true, color: '#4a6fa5' },
            encoding: { x, y: { field: 'density', type: 'quantitative', axis: null } } },
          { mark: { type: 'tick', clip: true, color: '#1d3557', thickness: 1, size: 10, opacity: 0.6 },
            encoding: { x, y: { value: 40 },
              tooltip: [{ field: 'fork' }, { field: 'v', title: 'ns/op (quantile)', format: '.6~g' }] } },
        ],
      },
      resolve: { scale: { y: 'independent' } },
    };
  }

  // Counters per op of every measurement iteration, one panel per counter.
  function countersSpec(b) {
    const names = data.runs[b.run].counters;
    const rows = [];
    for (const f of b.forks)
      for (const [i, ...values] of f.counters)
        values.forEach((v, k) => rows.push({ counter: names[k] + '/op', fork: `fork ${f.fork}`, iteration: i, v }));
    if (!rows.length) return null;
    return {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      data: { values: rows },
      facet: { field: 'counter', type: 'nominal', title: null },
      columns: 3,
      spec: {
        width: 220, height: { step: 18 },
        mark: { type: 'tick', thickness: 1.5, opacity: 0.7 },
        encoding: { x: { field: 'v', type: 'quantitative', title: 'per op', scale: { zero: false }, axis: { format: '.4~g' } },
          y: { field: 'fork', type: 'nominal', title: null },
          color: { value: '#4a6fa5' },
          tooltip: [{ field: 'counter' }, { field: 'fork' }, { field: 'iteration' },
            { field: 'v', title: 'per op', format: '.6~g' }] },
      },
      resolve: { scale: { x: 'independent' } },
    };
  }

  // The ratio NEW/BASE of every compared benchmark with its interval, over
  // the band within which the two count as the same.
  function forestSpec(cmp) {
    const rows = cmp.rows.filter((r) => r.ratio[0] !== null && r.ratio[1] !== null)
      .map((r) => ({ name: r.name, verdict: r.verdict, est: r.ratio[0], lo: r.ratio[1], hi: r.ratio[2] }));
    if (!rows.length) return null;
    const e = cmp.equivalence;
    const title = 'ratio of means, new / base';
    const color = { field: 'verdict', type: 'nominal', title: 'verdict',
      scale: { domain: Object.keys(VERDICT_COLORS), range: Object.values(VERDICT_COLORS) } };
    const y = { field: 'name', type: 'nominal', title: null, sort: null };
    const tooltip = [{ field: 'name', title: 'benchmark' }, { field: 'verdict' },
      { field: 'est', title: 'ratio new/base', format: '.4f' }, { field: 'lo', title: 'CI low', format: '.4f' },
      { field: 'hi', title: 'CI high', format: '.4f' }];
    return {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      width: WIDTH - 160, height: { step: 16 },
      layer: [
        { data: { values: [{ lo: 1 - e, hi: 1 + e }] }, mark: { type: 'rect', color: '#7f7f7f', opacity: 0.15 },
          encoding: { x: { field: 'lo', type: 'quantitative', title }, x2: { field: 'hi' },
            tooltip: { value: `equivalence band: ±${num(100 * e, 3)} %` } } },
        { data: { values: [{ one: 1 }] }, mark: { type: 'rule', color: '#333' },
          encoding: { x: { field: 'one', type: 'quantitative', title } } },
        { data: { values: rows }, mark: { type: 'rule', strokeWidth: 2 },
          encoding: { y, x: { field: 'lo', type: 'quantitative', title, scale: { zero: false } }, x2: { field: 'hi' },
            color, tooltip } },
        { data: { values: rows }, mark: { type: 'point', filled: true, size: 40 },
          encoding: { y, x: { field: 'est', type: 'quantitative', title }, color, tooltip } },
      ],
    };
  }

  // One compared benchmark: both versions' batch samples (quantiles) as
  // overlaid densities, and their fork means.
  function overlaySpec(cmp, r) {
    const sides = [[cmp.base, r.base], [cmp.new, r.new]].filter(([, s]) => s && s.quantiles.length);
    if (!sides.length) return null;
    const rows = sides.flatMap(([label, s]) => s.quantiles.map((v) => ({ side: label, kind: 'q', v }))
      .concat(s.fork_means.map((v) => ({ side: label, kind: 'fork mean', v }))));
    const domain = bulkDomain(sides.map(([, s]) => s.quantiles.concat(s.fork_means)));
    const x = { field: 'v', type: 'quantitative', title: 'ns/op', scale: { domain, zero: false, nice: false } };
    const color = { field: 'side', type: 'nominal', title: null, scale: { domain: [cmp.base, cmp.new],
      range: ['#4a6fa5', '#e07b00'] }, legend: { orient: 'bottom', labelLimit: 400 } };
    return {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      data: { values: rows },
      width: WIDTH, height: 110,
      layer: [
        { transform: [{ filter: "datum.kind === 'q'" },
          { density: 'v', groupby: ['side'], extent: domain, steps: 150, as: ['v', 'density'] }],
          mark: { type: 'area', opacity: 0.4, clip: true },
          encoding: { x, y: { field: 'density', type: 'quantitative', title: 'density', axis: { labels: false } },
            color } },
        { transform: [{ filter: "datum.kind === 'fork mean'" }],
          mark: { type: 'tick', thickness: 2, size: 14, clip: true },
          encoding: { x, y: { value: 103 }, color,
            tooltip: [{ field: 'side' }, { field: 'v', title: 'fork mean ns/op', format: '.6~g' }] } },
      ],
    };
  }

  // ---- drawing ---------------------------------------------------------------
  const pending = new Map(); // chart element -> spec thunk
  const drawn = [];
  function chart(kind, title, specThunk, note) {
    const box = el('div', { class: 'chart', 'data-kind': kind }, el('p', { class: 'placeholder' }, 'chart: ' + title));
    pending.set(box, specThunk);
    return el('figure', {}, el('figcaption', {}, title, note ? el('span', { class: 'note' }, ' ' + note) : null), box);
  }
  async function draw(box) {
    const thunk = pending.get(box);
    if (!thunk) return;
    pending.delete(box);
    try {
      const result = await vegaEmbed(box, thunk(), { actions: false, renderer: 'svg' });
      box.dataset.rendered = 'yes';
      drawn.push(result.view);
    } catch (e) {
      box.textContent = 'this chart could not be drawn: ' + e.message;
      box.dataset.rendered = 'error';
      console.error('steady report: chart', box.dataset.kind, e);
    }
  }

  function benchmarkSection(b, i) {
    const s = b.summary, run = data.runs[b.run];
    const parts = [el('h3', {}, b.name, data.runs.length > 1 ? el('span', { class: 'note' }, ' · ' + run.label) : null)];
    if (b.forks.length) {
      parts.push(el('p', {}, `${time(s.ns_per_op)} per op (99 % CI ${time(s.ci[0])} – ${time(s.ci[1])} over ` +
        `${s.ci_over || '-'}; p50 ${time(s.p50)}, p90 ${time(s.p90)}, p99 ${time(s.p99)}); ${s.forks_used} fork(s), ` +
        `${s.iterations} measurement iterations; ${b.stop.reason}` +
        (b.stability && b.stability.recommended_warmup !== null
          ? `; recommended warmup ${b.stability.recommended_warmup} iterations (used ${b.stability.warmup_used})` : '')));
    }
    parts.push(missingList(b.missing.concat(b.other_forks.map((f) => `fork ${f.fork}: ${f.status}` +
      (f.error ? ` (${f.error})` : '')))));
    if (b.notes.some((n) => n.kind === 'forks-disagree'))
      parts.push(chart('fork-means', 'fork means: the forks disagree', () => forkMeansSpec(b),
        '(each measured fork\'s mean, coloured by its group; the mean above averages over the groups)'));
    if (b.forks.length) {
      const thinned = b.forks.some((f) => f.thinned);
      parts.push(chart('series', 'ns/op of every iteration, by fork', () => seriesSpec(b),
        thinned ? `(long series thinned to at most ${data.limits.max_points} points per fork: the outliers and ` +
          'the lowest and highest of each run of iterations)' : ''));
      if (b.forks.some((f) => f.quantiles.length))
        parts.push(chart('distribution', 'distribution of the batch samples, by fork', () => distributionSpec(b),
          `(each fork's measurement batches as their ${data.limits.quantiles} weighted quantiles; the axis ` +
          'spans the 0.5th to the 99.5th percentile)'));
      if (b.forks.some((f) => f.counters.length))
        parts.push(chart('counters', 'counters per op, every measurement iteration', () => countersSpec(b)));
    }
    return el('section', { class: 'benchmark', id: b.anchor }, parts);
  }

  // steady ab --cause: the functions that explain a slower or faster row,
  // measured (steady-cause/1's entry), or why they could not be.
  function causeSection(c) {
    if (c.problem) return el('p', { class: 'cause' }, 'root cause not measured: ' + c.problem);
    const sign = (v) => (v > 0 ? '+' : '') + num(v);
    const instr = c.metric === 'instructions';
    const head = instr
      ? `root cause, measured under callgrind: ${num(c.per_op.a)} → ${num(c.per_op.b)} instructions/op`
      : `root cause, measured by perf cpu-clock sampling: ${time(c.ns_per_op.a)} → ${time(c.ns_per_op.b)} per op`;
    // A changed function inlined into the listed one is named first: its code
    // is in that function's count (as the table says).
    const named = (f) => (f.inlined_changed && f.inlined_changed.length
      ? `${f.inlined_changed.join(', ')} (inlined into ${f.function})` : f.function);
    const items = c.functions.map((f) => instr
      ? `${sign(f.exclusive.delta)} instructions/op in ${named(f)}` +
        (f.file && f.file !== '???' ? ` (${f.file.split('/').pop()}${f.line > 0 ? ':' + f.line : ''})` : '') +
        `, exclusive ${num(f.exclusive.a)} → ${num(f.exclusive.b)}; inclusive ${sign(f.inclusive.delta)}`
      : `${sign(f.ns_per_op.delta)} ns/op in ${named(f)} (sampled, ${num(f.ns_per_op.a)} → ${num(f.ns_per_op.b)})`);
    if (!items.length) items.push(instr ? 'no function\'s count differs'
      : 'no function\'s sampled time per op differs beyond the noise between forks');
    // With time: what moved most with the difference is within the noise
    // between forks, so no function is named as the cause.
    if (c.resolved === false) {
      items.unshift(c.leading
        ? `not resolved: ${c.leading.function} moved most with the difference (${sign(c.leading.ns_per_op.delta)} ` +
          `ns/op), within the noise between forks (p = ${num(c.leading.p_value)})`
        : 'not resolved: no function\'s sampled time per op moved with the difference');
    }
    if (c.changed_not_in_cause.length) items.push('changed, same cost: ' + c.changed_not_in_cause.join(', '));
    if (c.in_cause_not_changed.length) items.push('not changed, cost differs: ' + c.in_cause_not_changed.join(', '));
    return el('div', { class: 'cause' }, el('p', {}, head), el('ul', {}, items.map((m) => el('li', {}, m))));
  }

  function comparisonSection(cmp) {
    const parts = [el('h2', {}, `Comparison: ${cmp.new} against ${cmp.base}`),
      el('p', { class: 'note' }, `Ratios of the means of fork means with their ${num(100 * (1 - cmp.alpha), 3)} % ` +
        `intervals; within ±${num(100 * cmp.equivalence, 3)} % (the grey band) counts as the same.`)];
    if (forestSpec(cmp)) parts.push(chart('forest', 'ratio new / base per benchmark', () => forestSpec(cmp)));
    const head = el('tr', {}, ['benchmark', 'verdict', 'ratio', 'CI', 'Welch p', 'Mann-Whitney p', 'note']
      .map((h, k) => el('th', { class: k >= 2 && k <= 5 ? 'num' : '' }, h)));
    const rows = cmp.rows.map((r) => el('tr', {},
      el('td', {}, el('a', { href: '#c-' + r.anchor }, r.name)),
      el('td', { class: 'verdict', style: `color: ${VERDICT_COLORS[r.verdict]}` }, r.verdict),
      el('td', { class: 'num' }, num(r.ratio[0])), el('td', { class: 'num' }, `${num(r.ratio[1])} – ${num(r.ratio[2])}`),
      el('td', { class: 'num' }, num(r.welch_p, 3)), el('td', { class: 'num' }, num(r.mwu_p, 3)),
      el('td', {}, [r.code, r.note].filter((t) => t).join('; '))));
    parts.push(el('table', { class: 'summary' }, el('thead', {}, head), el('tbody', {}, rows)));
    if (cmp.machines_differ) {
      parts.push(el('p', { class: 'note' }, `Recorded on different machines (${cmp.machines_differ}): a difference is ` +
        'the machines\' as much as the code\'s.'));
    }
    if (cmp.machine_move) parts.push(el('p', { class: 'note' }, cmp.machine_move));
    for (const r of cmp.rows) {
      const sec = [el('h3', {}, r.name, el('span', { class: 'note' }, ' · ' + r.verdict))];
      if (r.cause) sec.push(causeSection(r.cause));
      if (overlaySpec(cmp, r))
        sec.push(chart('overlay', 'both versions\' batch samples', () => overlaySpec(cmp, r),
          `(each version's batches pooled over its forks as ${data.limits.quantiles} weighted quantiles; ` +
          'ticks: fork means)'));
      else sec.push(missingList(['no batch samples on either side']));
      parts.push(el('section', { class: 'benchmark', id: 'c-' + r.anchor }, sec));
    }
    return el('section', { class: 'comparison' }, parts);
  }

  function build() {
    data.benchmarks.forEach((b, i) => { b.anchor = anchor(b, i); });
    if (data.comparison) data.comparison.rows.forEach((r, i) => { r.anchor = anchor(r, i); });
    const parts = [el('h1', {}, data.title || 'steady report')];
    parts.push(el('p', { class: 'note' }, 'What this page embeds: every measured fork\'s iterations (series ' +
      `longer than ${data.limits.max_points} points thinned, the outliers kept), each fork's batch samples as ` +
      `their ${data.limits.quantiles} weighted quantiles, counters per iteration. Steady-state analysis as ` +
      `steady analyze: tolerance ${num(100 * data.limits.tolerance, 3)} %, K = ` +
      `${data.limits.last_points || 'n/6'}, outlier filter ${data.limits.outlier_filter ? 'on' : 'off'}. Charts ` +
      'are drawn as they scroll into view. ', el('button', { id: 'draw-all', type: 'button' }, 'Draw every chart'),
    ' (before printing).'));
    parts.push(data.runs.map(runSection));
    if (data.comparison) parts.push(comparisonSection(data.comparison));
    if (data.benchmarks.length) {
      parts.push(el('h2', {}, 'Summary'), summaryTable(data.benchmarks));
      parts.push(el('h2', {}, 'Benchmarks'), data.benchmarks.map(benchmarkSection));
    }
    main.replaceChildren(...parts.flat());
  }

  async function drawAll() {
    await Promise.all([...pending.keys()].map(draw));
  }

  build();
  performance.mark('steady-page-built');
  // The charts on the first screen now; the others as they come near it.
  const first = [...pending.keys()].filter((box) => box.getBoundingClientRect().top < window.innerHeight + 200);
  const observer = new IntersectionObserver((entries) => {
    for (const e of entries)
      if (e.isIntersecting) {
        observer.unobserve(e.target);
        draw(e.target);
      }
  }, { rootMargin: '600px 0px' });
  for (const box of pending.keys()) if (!first.includes(box)) observer.observe(box);
  document.getElementById('draw-all').addEventListener('click', drawAll);
  window.addEventListener('beforeprint', drawAll);
  const ready = Promise.all(first.map(draw)).then(() => {
    performance.mark('steady-ready');
    document.body.dataset.ready = 'yes';
  });
  window.steadyReport = { data, ready, drawAll, views: drawn };
})();
