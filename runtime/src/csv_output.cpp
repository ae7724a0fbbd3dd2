// The CSV file: one row per iteration of every fork (RFC 4180), written
// through a temporary file like the result file.
#include <ostream>

#include "outputs.h"
#include "steady/output_file.h"
#include "steady/results_json.h"

namespace steady {

namespace {
// RFC 4180: quoted when it holds a comma, a quote or a line break.
std::string csv_field(const std::string &v) {
  if (v.find_first_of(",\"\r\n") == std::string::npos)
    return v;
  std::string q = "\"";
  for (char c : v)
    q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

} // namespace

void write_csv(const RunResult &run, const std::string &path) {
  write_output(path, [&](std::ostream &out) {
    out << "benchmark,params,stable,fork,fork_status,iteration,warmup,ops,ns_per_op,ticks_per_op,migrated";
    for (const std::string &n : run.counter_names)
      out << "," << csv_field(n + "_per_op");
    out << "\n";
    out.precision(17);
    for (const BenchmarkResult &b : run.benchmarks) {
      std::string params;
      for (const auto &[k, v] : b.params)
        params += (params.empty() ? "" : ";") + k + "=" + v;
      for (const ForkResult &f : b.forks)
        for (const Iteration &it : f.iterations) {
          out << csv_field(b.name) << "," << csv_field(params) << "," << b.stop.stable << "," << f.number << ","
              << to_string(f.status) << "," << it.index << "," << it.warmup << "," << it.ops << "," << it.ns_per_op
              << "," << it.ticks_per_op << "," << it.migrated;
          for (double v : it.counters_per_op)
            out << "," << v;
          out << "\n";
        }
    }
  });
}

} // namespace steady
