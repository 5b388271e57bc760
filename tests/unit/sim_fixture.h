// Where the simulator's tests find their fixtures and the shared data:
// $ACCORD_SRCDIR (make check sets it to the source tree), else the tree
// this file was compiled from (tests/unit/ -> the repository root).
#pragma once

#include <cstdlib>
#include <string>

namespace accord::test {

inline std::string repo_root()
{
    if (const char *env = std::getenv("ACCORD_SRCDIR"))
        if (*env)
            return env;
    std::string here = __FILE__;
    size_t at = here.rfind("tests/unit/");
    return at == 0 ? "." : here.substr(0, at == std::string::npos ? 0 : at - 1);
}

inline std::string fixture(const std::string &name) { return repo_root() + "/tests/data/sim/" + name; }

// A file of ../shared/data, which sits beside the repository.
inline std::string shared_data(const std::string &rel) { return repo_root() + "/../shared/data/" + rel; }

}  // namespace accord::test
