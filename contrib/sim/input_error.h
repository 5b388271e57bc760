// InputError: a bad input file, with a message that names the file, the
// line or entry, and the field that was wrong.
#pragma once

#include <stdexcept>

namespace accord::sim {

struct InputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

}  // namespace accord::sim
