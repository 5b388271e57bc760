// The lines of Accord's durable record files in StateSaveLocation (the
// throughput samples, core/throughput_sample.h; the finished jobs'
// service, core/finished_job_line.h): tab-separated fields ending in the
// CRC-32 of the line up to its last tab, 8 lower-case hex digits, so a
// torn or damaged line is recognised. Slurm-free and pure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accord::core {

// `body` with its checksum and a final '\n'.
std::string checksummed_line(const std::string &body);

// The line's body (without its checksum) when the checksum matches.
std::optional<std::string_view> checked_body(std::string_view line);

std::vector<std::string_view> split_fields(std::string_view text, char sep = '\t');

// A decimal integer of at most 18 digits without sign, or nothing.
std::optional<int64_t> decimal_of(std::string_view text);

// Whether a field can be written: no tab or line break.
bool writable_field(const std::string &field);

}  // namespace accord::core
