#include "counters.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <iterator>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <perfmon/pfmlib_perf_event.h>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace steady {
namespace {

// libpfm4, resolved once with dlopen.
struct Pfm {
  decltype(&pfm_initialize) initialize = nullptr;
  decltype(&pfm_get_os_event_encoding) encode = nullptr;
  decltype(&pfm_strerror) strerror = nullptr;
  decltype(&pfm_get_event_info) event_info = nullptr; // optional: PMU sizes
  decltype(&pfm_get_pmu_info) pmu_info = nullptr;
  std::string error;

  static const Pfm &get() {
    static const Pfm pfm = [] {
      Pfm p;
      void *h = dlopen("libpfm.so.4", RTLD_NOW | RTLD_LOCAL);
      if (!h) {
        p.error = std::string("libpfm4 is not installed (") + dlerror() + ")";
        return p;
      }
      p.initialize = reinterpret_cast<decltype(p.initialize)>(dlsym(h, "pfm_initialize"));
      p.encode = reinterpret_cast<decltype(p.encode)>(dlsym(h, "pfm_get_os_event_encoding"));
      p.strerror = reinterpret_cast<decltype(p.strerror)>(dlsym(h, "pfm_strerror"));
      p.event_info = reinterpret_cast<decltype(p.event_info)>(dlsym(h, "pfm_get_event_info"));
      p.pmu_info = reinterpret_cast<decltype(p.pmu_info)>(dlsym(h, "pfm_get_pmu_info"));
      if (!p.initialize || !p.encode || !p.strerror)
        p.error = "libpfm4 lacks pfm_get_os_event_encoding";
      else if (int r = p.initialize(); r != PFM_SUCCESS)
        p.error = std::string("libpfm4 failed to initialise: ") + p.strerror(r);
      return p;
    }();
    return pfm;
  }
};

// User-space only, disabled until enable(); read as a group with times.
std::optional<std::string> encode(const std::string &name, perf_event_attr &attr, int *event_index = nullptr) {
  const Pfm &pfm = Pfm::get();
  if (!pfm.error.empty())
    return pfm.error;
  std::memset(&attr, 0, sizeof attr);
  pfm_perf_encode_arg_t arg;
  std::memset(&arg, 0, sizeof arg);
  arg.attr = &attr;
  arg.size = sizeof arg;
  if (int r = pfm.encode(name.c_str(), PFM_PLM3, PFM_OS_PERF_EVENT_EXT, &arg); r != PFM_SUCCESS)
    return std::string(pfm.strerror(r));
  if (event_index)
    *event_index = arg.idx;
  attr.size = sizeof attr;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  attr.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
  return std::nullopt;
}

int paranoid_level() {
  std::ifstream in("/proc/sys/kernel/perf_event_paranoid");
  int level = 2;
  in >> level;
  return level;
}

std::string open_error(int err) {
  switch (err) {
  case ENOENT:
  case EOPNOTSUPP:
    return std::string("perf_event_open: ") + std::strerror(err) + " (no hardware PMU: a VM or container?)";
  case EACCES:
  case EPERM:
    return std::string("perf_event_open: ") + std::strerror(err) +
           " (kernel.perf_event_paranoid=" + std::to_string(paranoid_level()) +
           "; user-space counting needs <= 2 or CAP_PERFMON)";
  default:
    return std::string("perf_event_open: ") + std::strerror(err);
  }
}

// Events of these types count on the CPU's core PMU and share its counters.
bool on_core_pmu(std::uint32_t type) {
  return type == PERF_TYPE_HARDWARE || type == PERF_TYPE_HW_CACHE || type == PERF_TYPE_RAW;
}

// The group an event joins: one per PMU.
std::uint32_t group_key(std::uint32_t type) { return on_core_pmu(type) ? PERF_TYPE_HARDWARE : type; }

// The PMU libpfm4 encoded the event for, and how many counters it has (generic
// plus fixed; 0 when unknown, e.g. the kernel's generic "perf" events, for
// which the core PMU present on this machine is asked instead).
int pmu_counters(int event_index, std::uint32_t type, std::string &pmu_name) {
  const Pfm &pfm = Pfm::get();
  if (!pfm.error.empty() || !pfm.event_info || !pfm.pmu_info)
    return 0;
  auto counters_of = [&](pfm_pmu_t pmu) {
    pfm_pmu_info_t info;
    std::memset(&info, 0, sizeof info);
    info.size = sizeof info;
    if (pfm.pmu_info(pmu, &info) != PFM_SUCCESS)
      return 0;
    pmu_name = info.name ? info.name : "";
    return info.type == PFM_PMU_TYPE_CORE && info.is_present ? info.num_cntrs + info.num_fixed_cntrs : 0;
  };
  pfm_event_info_t event;
  std::memset(&event, 0, sizeof event);
  event.size = sizeof event;
  if (pfm.event_info(event_index, PFM_OS_PERF_EVENT_EXT, &event) == PFM_SUCCESS)
    if (int n = counters_of(event.pmu))
      return n;
  if (!on_core_pmu(type))
    return 0;
  for (int pmu = PFM_PMU_NONE + 1; pmu < PFM_PMU_MAX; ++pmu) {
    pfm_pmu_info_t info;
    std::memset(&info, 0, sizeof info);
    info.size = sizeof info;
    if (pfm.pmu_info(pfm_pmu_t(pmu), &info) == PFM_SUCCESS && info.is_present && info.type == PFM_PMU_TYPE_CORE) {
      pmu_name = info.name ? info.name : "";
      return info.num_cntrs + info.num_fixed_cntrs;
    }
  }
  return 0;
}

#if defined(__x86_64__)
struct PageRead {
  std::uint64_t count, enabled, running;
};

// One event through its mmap page with the kernel's seqlock protocol
// (linux/perf_event.h): false when rdpmc is not allowed, the event is not on
// a counter right now (index 0: software events, or multiplexed out), or its
// times cannot be brought up to date in user space.
bool read_page(void *page, PageRead &out) {
  auto *pc = static_cast<volatile perf_event_mmap_page *>(page);
  std::uint32_t seq;
  do {
    seq = pc->lock;
    asm volatile("" ::: "memory");
    const std::uint64_t caps = pc->capabilities;
    const bool user_rdpmc = (caps >> 2) & 1, user_time = (caps >> 3) & 1;
    const std::uint32_t index = pc->index;
    if (!user_rdpmc || index == 0)
      return false;
    out.enabled = pc->time_enabled;
    out.running = pc->time_running;
    if (user_time) {
      std::uint64_t d = perf::time_delta(__rdtsc(), pc->time_shift, pc->time_mult, pc->time_offset);
      out.enabled += d;
      out.running += d; // index != 0: the event is running
    } else if (out.enabled != out.running) {
      return false;
    }
    std::uint32_t lo, hi;
    asm volatile("rdpmc" : "=a"(lo), "=d"(hi) : "c"(index - 1));
    out.count = perf::pmc_count(pc->offset, (std::uint64_t(hi) << 32) | lo, pc->pmc_width);
    asm volatile("" ::: "memory");
  } while (pc->lock != seq);
  return true;
}
#endif

} // namespace

Counters::~Counters() {
  for (Group &g : groups_)
    for (Event &e : g.events) {
      if (e.page)
        munmap(e.page, size_t(sysconf(_SC_PAGESIZE)));
      if (e.fd >= 0)
        close(e.fd);
    }
}

std::optional<std::string> Counters::validate(const std::vector<std::string> &names) {
  for (const std::string &name : names) {
    perf_event_attr attr;
    if (auto err = encode(name, attr))
      return "unknown counter '" + name + "': " + *err;
  }
  return std::nullopt;
}

void Counters::open(const std::vector<std::string> &names) {
  for (const std::string &name : names) {
    perf_event_attr attr;
    int event_index = -1;
    if (auto err = encode(name, attr, &event_index)) {
      unavailable_.push_back({name, *err});
      continue;
    }
    auto g = std::find_if(groups_.begin(), groups_.end(),
                          [&](const Group &grp) { return grp.pmu_type == group_key(attr.type); });
    int leader = g == groups_.end() ? -1 : g->events.front().fd;
    attr.disabled = leader < 0;
    int fd = int(syscall(SYS_perf_event_open, &attr, 0, -1, leader, 0));
    if (fd < 0) {
      unavailable_.push_back({name, open_error(errno)});
      continue;
    }
    Event e{fd, nullptr, name};
    void *page = mmap(nullptr, size_t(sysconf(_SC_PAGESIZE)), PROT_READ, MAP_SHARED, fd, 0);
    if (page != MAP_FAILED)
      e.page = page;
    if (g == groups_.end()) {
      Group grp{group_key(attr.type), "", 0, {e}};
      grp.pmu_counters = pmu_counters(event_index, attr.type, grp.pmu_name);
      groups_.push_back(std::move(grp));
    } else {
      g->events.push_back(e);
    }
  }
  // A group is scheduled on the PMU as a whole or not at all: one larger than
  // the PMU's counters never counts.
  for (const Group &grp : groups_)
    if (grp.pmu_counters > 0 && int(grp.events.size()) > grp.pmu_counters) {
      std::string list;
      for (const Event &e : grp.events)
        list += (list.empty() ? "" : ", ") + e.name;
      warnings_.push_back("the counter group " + list + " has " + std::to_string(grp.events.size()) +
                          " events but the " + grp.pmu_name + " PMU has " + std::to_string(grp.pmu_counters) +
                          " counters: it cannot be scheduled, its values will read 0 (ask for fewer events)");
    }
  // read() reports group by group.
  names_.clear();
  for (const Group &grp : groups_)
    for (const Event &e : grp.events)
      names_.push_back(e.name);
}

void Counters::add_fallback() {
  if (unavailable_.empty())
    return;
  std::vector<std::string> add;
  for (const char *name : {"task-clock", "page-faults"})
    if (std::find(names_.begin(), names_.end(), name) == names_.end() &&
        std::none_of(unavailable_.begin(), unavailable_.end(), [&](const Unavailable &u) { return u.name == name; }))
      add.push_back(name);
  const std::size_t missing = unavailable_.size();
  open(add);
  for (const std::string &name : add)
    if (std::find(names_.begin(), names_.end(), name) != names_.end())
      fallback_.push_back(name);
  // A software event that cannot be opened either (perf_event_paranoid) is
  // not worth a second complaint: the first line already says why.
  unavailable_.resize(missing);
}

void Counters::enable() {
  for (Group &g : groups_)
    ioctl(g.events.front().fd, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
}

bool Counters::read_group_rdpmc([[maybe_unused]] const Group &g, [[maybe_unused]] CounterSnapshot &s) const {
#if defined(__x86_64__)
  PageRead r[16];
  if (g.events.size() > std::size(r))
    return false;
  for (std::size_t i = 0; i < g.events.size(); ++i)
    if (!g.events[i].page || !read_page(g.events[i].page, r[i]))
      return false;
  // The group is scheduled as a whole: its leader's times are the group's.
  for (std::size_t i = 0; i < g.events.size(); ++i) {
    s.values.push_back(double(r[i].count));
    s.enabled.push_back(double(r[0].enabled));
    s.running.push_back(double(r[0].running));
  }
  return true;
#else
  return false;
#endif
}

void Counters::read_group_syscall(const Group &g, CounterSnapshot &s) const {
  // [nr, time_enabled, time_running, value...]
  std::uint64_t buf[3 + 16] = {};
  std::size_t n = std::min(g.events.size(), std::size_t(16));
  ssize_t got = ::read(g.events.front().fd, buf, (3 + n) * sizeof(std::uint64_t));
  const bool ok = got >= ssize_t((3 + n) * sizeof(std::uint64_t));
  for (std::size_t i = 0; i < g.events.size(); ++i) {
    s.values.push_back(ok && i < n ? double(buf[3 + i]) : 0);
    s.enabled.push_back(ok ? double(buf[1]) : 0);
    s.running.push_back(ok ? double(buf[2]) : 0);
  }
}

CounterSnapshot Counters::read() const {
  CounterSnapshot s;
  for (const Group &g : groups_) {
    std::size_t before = s.values.size();
    if (!read_group_rdpmc(g, s)) {
      s.values.resize(before);
      s.enabled.resize(before);
      s.running.resize(before);
      read_group_syscall(g, s);
    }
  }
  rusage ru;
  if (getrusage(RUSAGE_SELF, &ru) == 0)
    s.context_switches = double(ru.ru_nvcsw + ru.ru_nivcsw);
  return s;
}

namespace perf {

std::uint64_t pmc_count(std::int64_t offset, std::uint64_t raw_pmc, unsigned width) {
  std::int64_t pmc = std::int64_t(raw_pmc);
  if (width > 0 && width < 64) {
    const unsigned shift = 64 - width;
    pmc = std::int64_t(raw_pmc << shift) >> shift; // sign-extend from `width` bits
  }
  return std::uint64_t(offset) + std::uint64_t(pmc);
}

std::uint64_t time_delta(std::uint64_t cyc, std::uint16_t time_shift, std::uint32_t time_mult,
                         std::uint64_t time_offset) {
  if (time_shift >= 64)
    return time_offset;
  const std::uint64_t quot = cyc >> time_shift;
  const std::uint64_t rem = cyc & ((std::uint64_t(1) << time_shift) - 1);
  return time_offset + quot * time_mult + ((rem * time_mult) >> time_shift);
}

double scale(double count, double enabled, double running) {
  if (running <= 0)
    return enabled > 0 ? 0 : count; // never scheduled: nothing was counted
  return running < enabled ? count * (enabled / running) : count;
}

} // namespace perf

CounterDelta counter_delta(const CounterSnapshot &before, const CounterSnapshot &after) {
  CounterDelta d;
  const std::size_t n = std::min(before.values.size(), after.values.size());
  for (std::size_t i = 0; i < n; ++i) {
    const double count = after.values[i] - before.values[i];
    const double enabled = after.enabled[i] - before.enabled[i];
    const double running = after.running[i] - before.running[i];
    d.multiplexed |= running < enabled;
    d.unscheduled |= running <= 0 && enabled > 0;
    d.values.push_back(perf::scale(count, enabled, running));
  }
  d.context_switches = after.context_switches - before.context_switches;
  return d;
}

CounterDelta &CounterDelta::operator+=(const CounterDelta &o) {
  if (values.size() < o.values.size())
    values.resize(o.values.size(), 0);
  for (std::size_t i = 0; i < o.values.size(); ++i)
    values[i] += o.values[i];
  multiplexed |= o.multiplexed;
  unscheduled |= o.unscheduled;
  context_switches += o.context_switches;
  return *this;
}

std::string Counters::summary() const {
  if (unavailable_.empty())
    return "";
  std::string missing, reason = unavailable_.front().reason;
  bool same = true;
  for (const Unavailable &u : unavailable_) {
    missing += (missing.empty() ? "" : ", ") + u.name;
    same &= u.reason == reason;
  }
  auto join = [](const std::vector<std::string> &v) {
    std::string out;
    for (const std::string &x : v)
      out += (out.empty() ? "" : ", ") + x;
    return out;
  };
  std::vector<std::string> requested;
  for (const std::string &n : names_)
    if (std::find(fallback_.begin(), fallback_.end(), n) == fallback_.end())
      requested.push_back(n);
  std::string still = "TSC time";
  if (!requested.empty())
    still += " and " + join(requested);
  if (!fallback_.empty())
    still += ", and in their place the software events " + join(fallback_) + ", plus";
  still += " context switches (getrusage)";
  return "counters " + missing + " unavailable: " + (same ? reason : "see the JSON for each reason") +
         "; still measuring " + still;
}

} // namespace steady
