#include "executed.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <unistd.h>

#include <fmt/core.h>

#include "callgrind_profile.h"
#include "process.h"

namespace steady::driver {

namespace fs = std::filesystem;

std::string executed_cache_dir() {
  if (const char *d = std::getenv("STEADY_CACHE_DIR"); d && *d)
    return std::string(d) + "/executed";
  if (const char *d = std::getenv("XDG_CACHE_HOME"); d && *d)
    return std::string(d) + "/steady/executed";
  const char *home = std::getenv("HOME");
  return std::string(home && *home ? home : "/tmp") + "/.cache/steady/executed";
}

namespace {

// The binary's content: a rebuilt binary is traced again. (std::hash: a
// steady built with another library may miss the cache, never mix it up
// beyond a hash collision of equal-sized files.)
std::string content_key(const std::string &bin) {
  static std::map<std::string, std::string> known; // a selection asks once per payload: read the binary once
  if (auto it = known.find(bin); it != known.end())
    return it->second;
  std::ifstream in(bin, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return known[bin] = fmt::format("{}-{:016x}", bytes.size(), std::hash<std::string>()(bytes));
}

} // namespace

// A cached failure's line after the payload's name: the limit it ran under,
// whether it ran out of it, and why there is no trace.
constexpr const char *kUntraced = "#untraced\t";

Executed executed_by(const std::string &bin, const std::string &payload, const std::string &cache_dir, double limit) {
  Executed e;
  const fs::path dir = fs::path(cache_dir) / content_key(bin);
  // (-lines: traces with their lines; older ones, without, are traced again.)
  const fs::path file = dir / fmt::format("{:016x}-lines.txt", std::hash<std::string>()(payload));
  // The first line is the payload's name (a check against hash collisions);
  // then a function a line, each followed by its lines ("<tab>file<tab>12,13"),
  // or one kUntraced line.
  if (std::ifstream in(file); in) {
    std::string line, function;
    if (std::getline(in, line) && line == payload) {
      bool retry = false;
      while (std::getline(in, line)) {
        if (line.starts_with('\t')) {
          std::size_t tab = line.find('\t', 1);
          if (tab == std::string::npos)
            continue;
          std::set<int> &lines = e.lines[function][line.substr(1, tab - 1)];
          for (char *p = line.data() + tab; *p;)
            lines.insert(int(std::strtol(p + 1, &p, 10)));
          continue;
        }
        if (line.starts_with(kUntraced)) {
          double ran = 0;
          int timed_out = 0;
          char why[512] = {};
          std::sscanf(line.c_str() + std::strlen(kUntraced), "%lf\t%d\t%511[^\n]", &ran, &timed_out, why);
          retry = timed_out && limit > ran;
          e.problem = why;
          break;
        }
        e.functions.insert(function = line);
      }
      if (!retry) {
        e.cached = true;
        return e;
      }
      e = Executed{};
    }
  }
  std::error_code ec;
  fs::create_directories(dir, ec);
  // Written whole, then renamed: a concurrent reader sees all or nothing.
  auto store = [&](const std::string &body) {
    const std::string tmp = file.string() + fmt::format(".{}", getpid());
    {
      std::ofstream w(tmp);
      w << payload << "\n" << body;
    }
    fs::rename(tmp, file, ec);
  };
  const std::string out = (dir / fmt::format("tmp-{}.callgrind", getpid())).string();
  ProgramRun r = run_captured(
      {bin, exact_filter(payload), "--no-fork", "--forks=1", "--stop=none", "--warmup-iterations=0", "--iterations=1",
       "--iteration-time=0.000001"},
      out, {.timeout = limit, .wrapper = {"valgrind", "--tool=callgrind", "-q", "--callgrind-out-file=" + out}});
  std::ifstream profile(out);
  if (r.status != 0 || !profile) {
    e.problem = !r.problem.empty() ? r.problem
                : r.timed_out      ? fmt::format("did not finish in {:g} s under callgrind", limit)
                                   : fmt::format("exited with status {} under callgrind", r.status);
    fs::remove(out, ec);
    // Not when valgrind could not be started (r.problem): that is this machine's, not the binary's.
    if (r.problem.empty())
      store(fmt::format("{}{}\t{}\t{}\n", kUntraced, limit, r.timed_out ? 1 : 0, e.problem));
    return e;
  }
  std::string error;
  const CallgrindProfile p = parse_callgrind_profile(profile, error);
  fs::remove(out, ec);
  if (!error.empty()) {
    e.problem = "its callgrind profile: " + error;
    return e;
  }
  for (const auto &[name, cost] : p.functions)
    if (cost.exclusive > 0 || cost.inclusive > 0) {
      const std::string plain = plain_function_name(name);
      e.functions.insert(plain);
      for (const auto &[source, lines] : cost.lines)
        e.lines[plain][fs::path(source).filename().string()].insert(lines.begin(), lines.end());
    }
  std::string body;
  for (const std::string &f : e.functions) {
    body += f + "\n";
    if (auto it = e.lines.find(f); it != e.lines.end())
      for (const auto &[source, lines] : it->second) {
        body += "\t" + source + "\t";
        for (int l : lines)
          body += fmt::format("{}{}", l == *lines.begin() ? "" : ",", l);
        body += "\n";
      }
  }
  store(body);
  return e;
}

} // namespace steady::driver
