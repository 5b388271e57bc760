// Durable append-only files of record lines (core/record_line.h) in
// slurmctld's StateSaveLocation. An append writes whole lines and fsyncs
// before it reports success, so an accepted record survives a crash or
// restart; a line torn by a crash fails its checksum and is skipped on
// reading, and the next append starts on a fresh line. When an append
// would take the file past its size bound, the file is first renamed to
// PATH.1 (replacing the older one): at most twice the bound on disk, the
// newest records kept.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace accord::core {

// Appends `lines` (each ending in '\n') to `path` and syncs them; "" on
// success, else what failed, naming the file.
std::string append_lines(const std::string &path, std::string lines, size_t max_bytes);

// What reading found besides the records.
struct LineFileRead {
    size_t skipped = 0;
    std::string first_problem;  // "FILE:LINE: why", for the first skipped line
    std::string error;          // a file that exists but cannot be read
};

// Hands each non-empty line of `path` to `take`, which returns "" when the
// line is a record and else why not; a missing file has no lines.
void read_line_file(const std::string &path, const std::function<std::string(std::string_view)> &take,
                    LineFileRead &read);

}  // namespace accord::core
