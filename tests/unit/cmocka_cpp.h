// cmocka for C++ tests: the headers cmocka.h expects first, and the C
// linkage its 1.1.5 header only declares on Windows.
#pragma once

#include <cstdarg>
#include <cstddef>
#include <csetjmp>
#include <cstdint>
extern "C" {
#include <cmocka.h>
}

#include <string>

// Fails the test when `part` does not occur in `text`.
inline void assert_contains(const std::string &text, const std::string &part)
{
    if (text.find(part) == std::string::npos)
        fail_msg("\"%s\" does not contain \"%s\"", text.c_str(), part.c_str());
}
