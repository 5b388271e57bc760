// The emulated job's checkpoint: the steps done so far, in a one-line text
// file ("steps_done 1234.5"). A requeued job reads it back and resumes
// there, as a training job resumes from its last checkpoint.
#pragma once

#include <string>

namespace accord::emu {

// 0 when the file does not exist. Throws sim::InputError naming the file,
// line and field when it exists but does not hold one such line.
double read_progress(const std::string &path);

// Writes to PATH.tmp then renames, so a kill never leaves half a file.
// Throws sim::InputError naming the file when it cannot be written.
void write_progress(const std::string &path, double steps_done);

}  // namespace accord::emu
