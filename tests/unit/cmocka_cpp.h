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
