// CRC-32 (IEEE 802.3, as zlib's crc32()): the per-line checksum of the
// throughput sample file, so a torn or damaged line is recognised.
#pragma once

#include <cstdint>
#include <string_view>

namespace accord::core {

uint32_t crc32(std::string_view bytes);

}  // namespace accord::core
