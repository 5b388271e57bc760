// Temporary files for tests of file readers: one directory, made by the
// test group's setup (make_tmpdir) and removed with its files by the
// teardown (remove_tmpdir).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include <vector>

#include "cmocka_cpp.h"

namespace accord::test {

inline std::string g_tmpdir;
inline std::vector<std::string> g_tmpfiles;

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
    rmdir(g_tmpdir.c_str());
    return 0;
}

// Writes `text` to a file `name` in the directory; returns its path.
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

}  // namespace accord::test
