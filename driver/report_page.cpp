// The page: a static shell, the data as JSON and every script inlined, so
// that it opens offline and as a CI artifact. A Content-Security-Policy
// without any source to connect to makes "no network request" a property
// of the page, not only of the scripts.
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

#include <fmt/core.h>

#include "report.h"
#include "steady/output_file.h"
#include "steady/results_json.h"

namespace steady::driver {
namespace {

namespace fs = std::filesystem;

// In the order they load: report.js needs the other three.
constexpr const char *kScripts[] = {"vega.min.js", "vega-lite.min.js", "vega-embed.min.js", "report.js"};

std::string slurp(const fs::path &p) {
  std::ifstream in(p, std::ios::binary);
  if (!in)
    throw std::runtime_error(
        fmt::format("cannot read '{}' (the report's scripts; scripts/setup installs them)", p.string()));
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void replace_all(std::string &s, const std::string &from, const std::string &to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
}

std::string escape_html(const std::string &s) {
  std::string out;
  for (char c : s)
    out += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : c == '"' ? "&quot;" : std::string(1, c);
  return out;
}

} // namespace

std::string share_dir() {
  if (const char *e = std::getenv("STEADY_SHARE"); e && *e)
    return e;
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  fs::path next_to_tool = self.parent_path() / ".." / "share" / "steady";
  if (!ec && fs::exists(next_to_tool / "report.js", ec))
    return fs::weakly_canonical(next_to_tool, ec).string();
  return STEADY_SHARE_BUILD_PATH;
}

std::string report_page(const nlohmann::json &data, const std::string &title) {
  const fs::path dir = share_dir();
  // '<' appears in JSON only inside strings, where \u003c means the same:
  // no "</script>" in a benchmark name can end the data block.
  std::string json = data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  replace_all(json, "<", "\\u003c");
  std::string page = fmt::format(
      "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline' "
      "'unsafe-eval'; style-src 'unsafe-inline'; img-src data:\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, "
      "initial-scale=1\">\n<title>{}</title>\n<style>\n{}</style>\n"
      "</head>\n<body>\n<noscript>This report draws its tables and charts with JavaScript; the data is in the "
      "page's source (script id steady-data).</noscript>\n<main id=\"report\"><p>Loading the report...</p></main>\n"
      "<script type=\"application/json\" id=\"steady-data\">{}</script>\n",
      escape_html(title), slurp(dir / "report.css"), json);
  for (const char *name : kScripts) {
    std::string js = slurp(dir / name);
    replace_all(js, "</script", "<\\/script");
    page += fmt::format("<script>/* {} */\n{}\n</script>\n", name, js);
  }
  page += "</body>\n</html>\n";
  return page;
}

bool write_report(const std::string &path, const nlohmann::json &data, const std::string &title,
                  const std::string &tool) {
  try {
    const std::string page = report_page(data, title);
    write_or_keep(path, ".html",
                  [&](const std::string &to) { write_output(to, [&](std::ostream &out) { out << page; }); });
  } catch (const std::exception &e) {
    fmt::print(stderr, "{}: {}\n", tool, e.what());
    return false;
  }
  return true;
}

bool check_report_output(const std::string &path, const std::string &tool) {
  std::error_code ec;
  try {
    check_output(path);
  } catch (const std::exception &e) {
    fmt::print(stderr, "{}: {} (nothing was done)\n", tool, e.what());
    return false;
  }
  for (const char *name : {"report.css", kScripts[0], kScripts[1], kScripts[2], kScripts[3]})
    if (!fs::exists(fs::path(share_dir()) / name, ec)) {
      fmt::print(stderr, "{}: '{}' is missing (the report's scripts; scripts/setup installs them)\n", tool,
                 (fs::path(share_dir()) / name).string());
      return false;
    }
  return true;
}

} // namespace steady::driver
