#!/usr/bin/env node
// Opens a steady report page in Debian's headless chromium (playwright-core,
// never a downloaded browser) and prints what a reader would find: whether it
// got ready, every chart with the marks it drew next to what its data says it
// should draw, the console errors and the requests that left the file.
//
// usage: check_page.js PAGE.html [--draw-all | --scroll-end] [--screenshot OUT.png] [--timing] [--text]
//   --draw-all    draw every chart (the page draws those off screen lazily)
//   --scroll-end  print how many charts are drawn, scroll to the end of the page
//                 and wait for its last chart
//   --timing      print the time until ready and until every chart is drawn
const { chromium } = require('playwright-core');
const path = require('path');

const args = process.argv.slice(2);
const page_path = path.resolve(args[0]);
const flag = (f) => args.includes(f);
const screenshot = args.includes('--screenshot') ? args[args.indexOf('--screenshot') + 1] : null;

// What the page draws: per chart, the data marks by type (legends and axes
// are other roles) and what the embedded data says there should be.
function inspect() {
  const count = (box, sel) => box.querySelectorAll(sel).length;
  const data = window.steadyReport ? window.steadyReport.data : null;
  const charts = [];
  for (const box of document.querySelectorAll('.chart')) {
    const section = box.closest('section');
    const c = {
      kind: box.dataset.kind,
      section: section ? section.id : '',
      state: box.dataset.rendered || 'pending',
      svg: count(box, 'svg'),
      symbols: count(box, 'g.mark-symbol.role-mark > path'),
      rules: count(box, 'g.mark-rule.role-mark > line'),
      areas: count(box, 'g.mark-area.role-mark > path'),
      rects: count(box, 'g.mark-rect.role-mark > path'),
    };
    const m = /^b(\d+)-/.exec(c.section);
    const b = m && data ? data.benchmarks[Number(m[1])] : null;
    if (b && c.kind === 'series') {
      c.expect_symbols = b.forks.reduce((n, f) => n + f.points.length, 0);
      c.expect_rules = b.forks.reduce((n, f) => n + (f.warmup_iterations > 0 ? 1 : 0) + (f.analysis
        ? f.analysis.segments.length + f.analysis.changepoints.length + (f.analysis.steady_iteration !== null ? 1 : 0)
        : 0), 0);
      // The last-K window and the tolerance band of each analysed fork.
      c.expect_rects = b.forks.reduce((n, f) => n + (f.analysis ? 1 + (f.analysis.segments.length ? 1 : 0) : 0), 0);
    }
    if (b && c.kind === 'distribution') {
      const forks = b.forks.filter((f) => f.quantiles.length);
      c.expect_areas = forks.length;
      c.expect_rects = forks.reduce((n, f) => n + f.quantiles.length, 0);
    }
    if (b && c.kind === 'fork-means') c.expect_symbols = b.forks.filter((f) => f.mean !== null).length;
    if (c.kind === 'forest' && data.comparison) {
      const rows = data.comparison.rows.filter((r) => r.ratio[0] !== null && r.ratio[1] !== null);
      c.expect_symbols = rows.length;
      c.expect_rules = rows.length + 1;
    }
    charts.push(c);
  }
  // Chart titles, facet headers and legends are SVG text, not in innerText.
  const svgText = [...document.querySelectorAll('svg text')].map((t) => t.textContent).filter((t) => t.trim());
  return { charts, text: document.body.innerText + '\nsvg text:\n' + svgText.join('\n'), title: document.title };
}

// CPU seconds used so far by the browser and every process under it (the
// renderer does the work): what opening the page costs, whatever else the
// shared machine is doing, unlike the wall time.
function cpuSeconds(root) {
  const fs = require('fs');
  const parent = new Map(), cpu = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(d), Number(f[1]));
      cpu.set(Number(d), (Number(f[11]) + Number(f[12])) / 100); // utime + stime, in USER_HZ (100)
    } catch (e) { /* gone meanwhile */ }
  }
  const under = (pid) => pid === root || (parent.has(pid) && pid > 1 && under(parent.get(pid)));
  let total = 0;
  for (const [pid, t] of cpu) if (pid !== root && under(pid)) total += t; // chromium runs under this script
  return total;
}

(async () => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors = [], outside = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => {
    if (!/^(file|data|about|blob):/.test(r.url())) outside.push(r.url());
  });
  // The renderer's main-thread busy time: what the load costs apart from
  // waiting for a CPU on a shared machine.
  const cdp = flag('--timing') ? await page.context().newCDPSession(page) : null;
  if (cdp) await cdp.send('Performance.enable');
  const busy = async () => {
    const m = (await cdp.send('Performance.getMetrics')).metrics;
    return 1000 * m.find((x) => x.name === 'TaskDuration').value;
  };
  const t0 = Date.now();
  const cpu0 = cpuSeconds(process.pid);
  await page.goto('file://' + page_path);
  let ready = true;
  try {
    await page.waitForSelector('body[data-ready="yes"]', { timeout: 60000 });
  } catch (e) {
    ready = false;
  }
  // When the page marked itself ready (polling for it adds its own delay).
  const t_ready = await page.evaluate(() => {
    const m = performance.getEntriesByName('steady-ready');
    return m.length ? m[0].startTime : performance.now();
  });
  const busy_ready = cdp ? await busy() : 0;
  const cpu_ready = cpuSeconds(process.pid) - cpu0;
  let t_all = null, busy_all = 0;
  if (ready && flag('--draw-all')) {
    const t = Date.now();
    await page.evaluate(() => window.steadyReport.drawAll());
    t_all = Date.now() - t;
    busy_all = cdp ? (await busy()) - busy_ready : 0;
  }
  if (ready && flag('--scroll-end')) {
    const drawn = await page.evaluate(() => document.querySelectorAll('.chart[data-rendered]').length);
    console.log(`before scrolling: ${drawn} chart(s) drawn`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => {
      const charts = document.querySelectorAll('.chart');
      return charts.length && charts[charts.length - 1].dataset.rendered;
    }, null, { timeout: 60000 });
  }
  const r = await page.evaluate(inspect);
  console.log(`page ${ready ? 'ready' : 'NOT READY'}: ${r.title}`);
  if (flag('--timing'))
    console.log(`timing: ready ${t_ready.toFixed(0)} ms after navigation (chromium's CPU time by then ` +
      `${(1000 * cpu_ready).toFixed(0)} ms, its main thread busy ${busy_ready.toFixed(0)} ms)` +
      (t_all !== null ? `; every chart drawn ${t_all} ms later (busy ${busy_all.toFixed(0)} ms)` : ''));
  if (flag('--timing'))
    console.log('marks: ' + (await page.evaluate(() => performance.getEntriesByType('mark')
      .map((m) => `${m.name.replace('steady-', '')} ${m.startTime.toFixed(0)} ms`).join(', '))));
  const kinds = {};
  for (const c of r.charts) kinds[c.kind] = (kinds[c.kind] || 0) + 1;
  console.log('charts: ' + r.charts.length + ' ' + Object.entries(kinds).map(([k, n]) => `${k}=${n}`).join(' '));
  for (const c of r.charts) {
    const expect = ['symbols', 'rules', 'areas', 'rects'].filter((k) => c['expect_' + k] !== undefined)
      .map((k) => `${k} ${c[k] === c['expect_' + k] ? 'as in the data' : `${c[k]} != data ${c['expect_' + k]}`}`);
    console.log(`chart ${c.kind} ${c.section || '-'}: ${c.state} svg=${c.svg} symbols=${c.symbols} rules=${c.rules} ` +
      `areas=${c.areas} rects=${c.rects}${expect.length ? '; ' + expect.join(', ') : ''}`);
  }
  if (flag('--text')) console.log('text:\n' + r.text);
  console.log(`console errors: ${errors.length}${errors.length ? '\n  ' + errors.join('\n  ') : ''}`);
  console.log(`requests outside the file: ${outside.length}${outside.length ? '\n  ' + outside.join('\n  ') : ''}`);
  if (screenshot) {
    await page.screenshot({ path: screenshot, fullPage: false });
    console.log('screenshot: ' + screenshot);
  }
  await browser.close();
})().catch((e) => {
  console.error('check_page: ' + e.message);
  process.exit(1);
});
