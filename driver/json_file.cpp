#include "json_file.h"

#include <fstream>
#include <stdexcept>

namespace steady::driver {

nlohmann::json read_json_file(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("cannot open '" + path + "'");
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception &e) {
    throw std::runtime_error("'" + path + "' is not valid JSON (truncated?): " + e.what());
  }
}

} // namespace steady::driver
