// The final table: one line per benchmark.
#include <algorithm>
#include <cstdio>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "measure.h"
#include "outputs.h"
#include "steady/format.h"
#include "steady/notes.h"

namespace steady {

namespace {

// --instrument=valgrind: the simulated counts per op instead of time; the
// range is the lowest and highest fork mean (one number when no fork differs).
std::vector<std::string> simulated_cells(const Summary &s) {
  if (!s.simulated)
    return {"-", "-", "-", "-", "-"};
  const Simulated &m = *s.simulated;
  const std::string range = s.instructions_fork_min == s.instructions_fork_max
                                ? "same in every fork"
                                : "[" + fixed(s.instructions_fork_min) + ", " + fixed(s.instructions_fork_max) + "]";
  return {fixed(m.instructions), range, fixed(m.estimated_cycles), fixed(m.l1_misses), fixed(m.ll_misses)};
}

} // namespace

void print_machine_busy(const RunResult &run) {
  Summary all;
  for (const BenchmarkResult &b : run.benchmarks) {
    all.batches_run += b.summary.batches_run;
    all.preempted += b.summary.preempted;
    all.preempted_kept += b.summary.preempted_kept;
    all.bound_hit += b.summary.bound_hit;
  }
  const double share = preempted_share(all);
  const double steal = steal_share(run.load_start, run.load_end);
  const std::string stolen = steal > 0.001 ? fmt::format(", {:.1f} % stolen by the hypervisor", 100 * steal) : "";
  if (share >= kBusyShare || all.bound_hit)
    std::fprintf(stderr, "machine busy: %.1f %% of batches preempted and %s; load average %.1f on %d CPUs%s\n",
                 100 * share, all.preempted_kept ? "kept only where no clean batch came" : "re-run", run.load_end.load1,
                 run.machine.cores, stolen.c_str());
  if (all.bound_hit)
    std::fprintf(stderr,
                 "warning: %d iteration(s) found no batch free of preemption within %gx their time; their "
                 "samples are preempted ones and their results are not trustworthy (flagged in the table and the "
                 "JSON). A payload longer than a time slice cannot be measured without preemption on this machine\n",
                 all.bound_hit, kPreemptionBound);
}

// A count with an SI prefix when it is large (ticks, events per op).
std::string scaled_count(double v) {
  if (v >= 1e9)
    return fixed(v / 1e9) + "G";
  if (v >= 1e6)
    return fixed(v / 1e6) + "M";
  if (v >= 1e5)
    return fixed(v / 1e3) + "k";
  return fixed(v);
}

// Per second, from a quantity per op and the time per op: bytes in B/s with
// decimal prefixes, items as items/s.
std::string throughput(double per_op, double ns_per_op, const char *unit) {
  double per_s = per_op / ns_per_op * 1e9;
  static constexpr std::pair<double, const char *> prefixes[] = {{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
  for (const auto &[scale, prefix] : prefixes)
    if (per_s >= scale)
      return fixed(per_s / scale) + " " + prefix + unit + "/s";
  return fixed(per_s) + " " + unit + "/s";
}

TableLayout::TableLayout(const RunResult &run, std::size_t longest_name, bool throughput, bool change)
    : name_width(std::max<std::size_t>(longest_name, 9)), simulated(run.config.instrument == "valgrind"),
      sample(run.config.mode == Mode::Sample), counters(run.counter_names),
      ipc(instructions_per_cycle(run.counter_names, std::vector<double>(run.counter_names.size(), 1)) > 0),
      throughput(throughput), change(change) {}

std::vector<std::string> TableLayout::header() const {
  std::vector<std::string> h = {"benchmark"};
  if (simulated)
    h.insert(h.end(), {"instr/op", "fork range", "est.cycles/op", "L1miss/op", "LLmiss/op"});
  else
    h.insert(h.end(), {"time/op", "99% CI", "ticks/op"});
  if (sample)
    h.insert(h.end(), {"p50", "p90", "p99"});
  for (const std::string &c : counters)
    h.push_back(c + "/op");
  if (ipc)
    h.push_back("IPC");
  if (throughput)
    h.push_back("throughput");
  h.insert(h.end(), {"forks", "iters"});
  if (change)
    h.push_back("change");
  h.push_back("notes");
  return h;
}

std::vector<std::string> TableLayout::row(const RunResult &run, const BenchmarkResult &b,
                                          const std::string &change_cell) const {
  const Summary &s = b.summary;
  std::vector<std::string> r = {b.name};
  // Under valgrind the times are the simulator's: only the counts are shown.
  const bool measured = s.iterations > 0 && !simulated;
  auto cell = [&](const std::string &v) { r.push_back(measured ? v : "-"); };
  if (simulated) {
    for (std::string &c : simulated_cells(s))
      r.push_back(std::move(c));
  } else {
    cell(scaled_time(s.ns_per_op));
    // The CI in the unit of its row's time, so that the two read together.
    std::string unit = scaled_time(s.ns_per_op);
    unit = unit.substr(unit.rfind(' ') + 1);
    const double scale = unit == "s" ? 1e9 : unit == "ms" ? 1e6 : unit == "µs" ? 1e3 : 1;
    cell("[" + fixed(s.ci_low / scale) + ", " + fixed(s.ci_high / scale) + "]");
    cell(scaled_count(s.ticks_per_op));
  }
  if (sample)
    for (double p : {s.p50, s.p90, s.p99})
      cell(scaled_time(p));
  for (std::size_t i = 0; i < counters.size(); ++i)
    cell(i < s.counters_per_op.size() ? scaled_count(s.counters_per_op[i]) : "-");
  if (ipc)
    cell(fmt::format("{:.2f}", s.ipc));
  if (throughput) {
    std::vector<std::string> t;
    if (b.bytes_per_op > 0 && measured)
      t.push_back(steady::throughput(b.bytes_per_op, s.ns_per_op, "B"));
    if (b.items_per_op > 0 && measured)
      t.push_back(steady::throughput(b.items_per_op, s.ns_per_op, "items"));
    r.push_back(t.empty() ? "-" : fmt::format("{}", fmt::join(t, ", ")));
  }
  r.push_back(fmt::format("{}/{}", s.forks_used, s.forks_used + s.forks_failed));
  r.push_back(std::to_string(s.iterations));
  if (change)
    r.push_back(change_cell.empty() ? "-" : change_cell);
  std::vector<std::string> notes;
  for (const Note &n : notes_of(run, b))
    notes.push_back(steady::text(n));
  r.push_back(fmt::format("{}", fmt::join(notes, "; ")));
  return r;
}

std::string TableLayout::text(const std::vector<std::string> &cells) const {
  std::string line;
  const std::vector<std::string> heads = header();
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const bool last = i + 1 == cells.size();
    if (i == 0)
      line += fmt::format("{:<{}}", cells[i], name_width);
    else if (last)
      line += "  " + cells[i];
    else {
      // Widths fit the longest value each column can take.
      const std::string &head = heads[i];
      std::size_t w = head == "99% CI" || head == "fork range" ? 21
                      : head == "throughput"                   ? 22
                      : head == "change"                       ? 31
                                                               : 10;
      w = std::max(w, head.size());
      line += fmt::format(" {:>{}}", cells[i], w);
    }
  }
  return line;
}

std::string markdown_table(const TableLayout &layout, const std::vector<std::vector<std::string>> &rows) {
  auto line = [](const std::vector<std::string> &cells) {
    std::string out = "|";
    for (std::string c : cells) {
      for (std::size_t p = 0; (p = c.find('|', p)) != std::string::npos; p += 2)
        c.replace(p, 1, "\\|");
      out += " " + c + " |";
    }
    return out + "\n";
  };
  std::vector<std::string> head = layout.header();
  std::string out = line(head) + "|";
  for (std::size_t i = 0; i < head.size(); ++i)
    out += i == 0 || i + 1 == head.size() ? " --- |" : " ---: |";
  out += "\n";
  for (const std::vector<std::string> &r : rows)
    out += line(r);
  return out;
}

} // namespace steady
