// Helpers for tests of file readers: temporary files in one directory (and
// its subdirectories), made by the test group's setup (make_tmpdir) and
// removed with its files by the teardown (remove_tmpdir), and the InputError
// a bad file must raise.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "cmocka_cpp.h"
#include "sim/input_error.h"

namespace accord::test {

inline std::string g_tmpdir;
inline std::vector<std::string> g_tmpfiles;
inline std::vector<std::string> g_tmpsubdirs;

inline int make_tmpdir(void **)
{
    const char *base = std::getenv("TMPDIR");
    std::string templ = std::string(base && *base ? base : "/tmp") + "/accord-test-XXXXXX";
    std::vector<char> buf(templ.begin(), templ.end());
    buf.push_back('\0');
    if (!mkdtemp(buf.data()))
        return -1;
    g_tmpdir = buf.data();
    return 0;
}

inline int remove_tmpdir(void **)
{
    for (const std::string &f : g_tmpfiles)
        std::remove(f.c_str());
    for (auto d = g_tmpsubdirs.rbegin(); d != g_tmpsubdirs.rend(); ++d)
        rmdir(d->c_str());
    rmdir(g_tmpdir.c_str());
    return 0;
}

// Makes the subdirectory `name` of the directory; returns its path.
inline std::string make_subdir(const std::string &name)
{
    std::string path = g_tmpdir + "/" + name;
    if (mkdir(path.c_str(), 0700) != 0)
        fail_msg("cannot make %s", path.c_str());
    g_tmpsubdirs.push_back(path);
    return path;
}

// Writes `text` to a file `name` in the directory (`name` may lead through a
// subdirectory made with make_subdir); returns its path.
inline std::string write_file(const std::string &name, const std::string &text)
{
    std::string path = g_tmpdir + "/" + name;
    FILE *f = std::fopen(path.c_str(), "wb");
    if (!f)
        fail_msg("cannot write %s", path.c_str());
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
    g_tmpfiles.push_back(path);
    return path;
}

// The message of the InputError that `read(path)` raises; fails the test
// when the file is read without one.
template <typename Read>
std::string input_error_of(const Read &read, const std::string &path)
{
    try {
        read(path);
    } catch (const sim::InputError &e) {
        return e.what();
    }
    fail_msg("%s was read, expected an InputError", path.c_str());
    return "";
}

// Writes `text` to a file `name` and expects reading it to raise an
// InputError that names the file and contains each of `parts`.
template <typename Read>
void expect_input_error(const Read &read, const std::string &name, const std::string &text,
                        const std::vector<std::string> &parts)
{
    std::string error = input_error_of(read, write_file(name, text));
    assert_contains(error, name);
    for (const std::string &part : parts)
        assert_contains(error, part);
}

}  // namespace accord::test
