// The HTML page of `steady report`, `compare --html`, `ab --html` and
// `analyze --plot`: one self-contained file (Vega, Vega-Lite and vega-embed
// from the share directory inlined, the data as JSON, no network request),
// rendered in the browser by report/report.js. What it shows: report_data.h.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "report_data.h"

namespace steady::driver {

// Where the page's scripts are: $STEADY_SHARE, else share/steady next to the
// tool (installed, and in the build tree, which mirrors it).
std::string share_dir();

// The page around `data` (report_data, with "comparison" when there is one).
// Throws std::runtime_error naming a script it cannot read.
std::string report_page(const nlohmann::json &data, const std::string &title);

// The page written to `path` (atomically); false, with one line on stderr
// prefixed by `tool`, when a script is missing or the file cannot be written.
bool write_report(const std::string &path, const nlohmann::json &data, const std::string &title,
                  const std::string &tool);

// Before any work: false, with one line on stderr, when `path` cannot be
// created (its directory missing or not writable) or the scripts are missing.
bool check_report_output(const std::string &path, const std::string &tool);

// compare --html / ab --html: the verdicts, both versions' distributions and,
// for steady results, both runs.
bool write_comparison_report(const std::string &path, const std::string &tool, const std::vector<Row> &rows,
                             const CompareOptions &o, const ComparedSide &base, const ComparedSide &next);

// A version of a comparison from results in memory (steady ab's sides; a
// file's: load_side).
ComparedSide compared_side(const std::string &label, const RunResult &run);

} // namespace steady::driver
