// Strict number text for the simulator's input files: what a field must look
// like to count as a number, shared by every reader so that all of them accept
// and refuse the same spellings. The caller turns a refusal into an InputError
// naming its file, line and field.
#pragma once

#include <string>

namespace accord::sim {

enum class NumberText { ok, not_a_number, out_of_range };

// A decimal number: optional sign, digits with an optional fraction and
// exponent. No spaces, no hex, no inf/nan; a finite double.
NumberText parse_decimal(const std::string &text, double &value);

// Digits only, with an optional sign; fits an unsigned long long. A negative
// value is returned as `negative` = true with its magnitude in `value`.
NumberText parse_whole(const std::string &text, unsigned long long &value, bool &negative);

}  // namespace accord::sim
