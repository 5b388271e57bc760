// An allocator configuration with only the first service queue's bound
// set, for the tests of the service order and the ranking built on it.
#pragma once

#include "core/allocator.h"

namespace accord::test {

inline core::AllocConfig queues(double first_gpu_s)
{
    core::AllocConfig c;
    c.first_queue_gpu_s = first_gpu_s;
    return c;
}

}  // namespace accord::test
