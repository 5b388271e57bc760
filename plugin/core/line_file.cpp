#include "core/line_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace accord::core {

namespace {

std::string failure(const std::string &what, const std::string &path)
{
    return what + " " + path + ": " + strerror(errno);
}

std::string directory_of(const std::string &path)
{
    size_t slash = path.rfind('/');
    return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

// A rename or a new file is durable only once its directory is synced.
std::string sync_directory(const std::string &path)
{
    std::string dir = directory_of(path);
    int fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return failure("cannot open directory", dir);
    bool ok = fsync(fd) == 0;
    std::string error = ok ? "" : failure("cannot sync directory", dir);
    close(fd);
    return error;
}

std::string write_all(int fd, const std::string &text, const std::string &path)
{
    for (size_t done = 0; done < text.size();) {
        ssize_t n = write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return failure("cannot write", path);
        done += static_cast<size_t>(n);
    }
    return "";
}

// True when the file's last byte is not a line end: a crash tore its last line.
bool ends_torn(int fd, off_t size)
{
    char last = '\n';
    return size > 0 && pread(fd, &last, 1, size - 1) == 1 && last != '\n';
}

}  // namespace

std::string append_lines(const std::string &path, std::string lines, size_t max_bytes)
{
    if (lines.empty())
        return "";
    struct stat st {};
    bool exists = stat(path.c_str(), &st) == 0;
    if (exists && st.st_size > 0 && static_cast<size_t>(st.st_size) + lines.size() > max_bytes) {
        std::string older = path + ".1";
        if (rename(path.c_str(), older.c_str()) != 0)
            return failure("cannot rotate", path);
        exists = false;
    }
    int fd = open(path.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0600);  // read: ends_torn()
    if (fd < 0)
        return failure("cannot open", path);
    if (fstat(fd, &st) == 0 && ends_torn(fd, st.st_size))
        lines.insert(0, "\n");
    std::string error = write_all(fd, lines, path);
    if (error.empty() && fsync(fd) != 0)
        error = failure("cannot sync", path);
    close(fd);
    if (error.empty() && !exists)
        error = sync_directory(path);
    return error;
}

void read_line_file(const std::string &path, const std::function<std::string(std::string_view)> &take,
                    LineFileRead &read)
{
    struct stat st {};
    if (stat(path.c_str(), &st) != 0 && errno == ENOENT)
        return;
    std::ifstream in(path);
    if (!in) {
        if (read.error.empty())
            read.error = failure("cannot read", path);
        return;
    }
    std::string line;
    for (size_t number = 1; std::getline(in, line); number++) {
        if (line.empty())
            continue;
        std::string why = take(line);
        if (!why.empty() && read.skipped++ == 0)
            read.first_problem = path + ":" + std::to_string(number) + ": " + why;
    }
}

}  // namespace accord::core
