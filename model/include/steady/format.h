// Numbers as the tables and notes print them.
#pragma once

#include <string>

namespace steady {

// 4 significant digits or so, without an exponent: "0", "0.1234", "2.345", "311.2", "1234567".
std::string fixed(double v);
// "311.2 ns", "2.002 s": the unit that keeps the number between 1 and 1000.
std::string scaled_time(double ns);

} // namespace steady
