// Reading a JSON file for a command, with errors that name the file.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace steady::driver {

// Throws std::runtime_error("cannot open 'F'" / "'F' is not valid JSON ...").
nlohmann::json read_json_file(const std::string &path);

} // namespace steady::driver
