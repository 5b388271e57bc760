// Helpers shared by the libFuzzer harnesses (tests/fuzz/fuzz_*.cpp): the
// input as text, as a file for the loaders that read one, and as parts.
// A harness lets an input through when the parser accepts it or refuses it
// with its documented error; any other exception escapes and libFuzzer
// reports it as a crash, like a sanitizer finding.
#pragma once

#include <sys/stat.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace accord::fuzz {

inline std::string text(const uint8_t *data, size_t size) { return std::string(reinterpret_cast<const char *>(data), size); }

// One scratch directory per fuzzing process, made on first use and removed
// with what it holds when the process exits.
class ScratchDir {
public:
    ScratchDir()
    {
        const char *tmp = std::getenv("TMPDIR");
        path_ = std::string(tmp && *tmp ? tmp : "/tmp") + "/accord-fuzz-XXXXXX";
        if (!mkdtemp(path_.data()))
            throw std::runtime_error("cannot make a scratch directory");
    }
    ~ScratchDir()
    {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    ScratchDir(const ScratchDir &) = delete;
    ScratchDir &operator=(const ScratchDir &) = delete;
    const std::string &path() const { return path_; }

private:
    std::string path_;
};

inline const std::string &scratch_dir()
{
    static const ScratchDir dir;
    return dir.path();
}

// Writes `contents` to NAME in the scratch directory; returns its path.
inline std::string write_file(const std::string &name, std::string_view contents)
{
    std::string path = scratch_dir() + "/" + name;
    FILE *f = std::fopen(path.c_str(), "wb");
    if (!f)
        throw std::runtime_error("cannot write " + path);
    std::fwrite(contents.data(), 1, contents.size(), f);
    std::fclose(f);
    return path;
}

// The input cut at each line that is exactly "%%" into at most `count`
// parts; missing parts are empty. Lets one input fill several files.
inline std::vector<std::string> parts(std::string_view input, size_t count)
{
    std::vector<std::string> out(count);
    size_t part = 0, at = 0;
    while (at <= input.size()) {
        size_t end = input.find('\n', at);
        std::string_view line = input.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
        if (line == "%%" && part + 1 < count)
            part++;
        else
            out[part].append(line).append(end == std::string_view::npos ? "" : "\n");
        if (end == std::string_view::npos)
            break;
        at = end + 1;
    }
    return out;
}

}  // namespace accord::fuzz
