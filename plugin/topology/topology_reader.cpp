#include "topology/topology_reader.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "core/gpu_topology_text.h"

extern char **environ;

namespace accord::topology {

namespace {

constexpr size_t kBatch = 256;              // files per child: keeps its command line short
constexpr size_t kMaxLine = size_t(1) << 20;  // a 128-GPU line is about 17 KB

std::string directory_of(const std::string &path)
{
    size_t slash = path.rfind('/');
    return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

// A running accord-topology: its pid and the read end of its stdout.
struct Child {
    pid_t pid = -1;
    int out = -1;
};

Child spawn(const std::string &program, const std::vector<std::string> &paths, size_t from, size_t to,
            std::string &error)
{
    int pipe_fds[2];
    if (pipe2(pipe_fds, O_CLOEXEC) != 0) {
        error = std::string("cannot make a pipe: ") + std::strerror(errno);
        return {};
    }
    std::vector<char *> argv{const_cast<char *>(program.c_str())};
    for (size_t i = from; i < to; i++)
        argv.push_back(const_cast<char *>(paths[i].c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    // The child starts with no signal blocked and default handlers,
    // whatever slurmctld's thread has.
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &all);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    Child child;
    int rc = posix_spawn(&child.pid, program.c_str(), &actions, &attr, argv.data(), environ);
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&actions);
    close(pipe_fds[1]);
    if (rc != 0) {
        close(pipe_fds[0]);
        error = "cannot run " + program + ": " + std::strerror(rc);
        return {};
    }
    child.out = pipe_fds[0];
    return child;
}

// Waits for the child; what became of it, "" when it exited with 0 or 1
// (its statuses for "all read" and "some not read").
std::string reap(const Child &child)
{
    int status = 0;
    pid_t got;
    while ((got = waitpid(child.pid, &status, 0)) < 0 && errno == EINTR) {
    }
    if (got < 0)
        return "ended";  // reaped elsewhere (SIGCHLD ignored): no status
    if (WIFSIGNALED(status))
        return std::string("was killed by signal ") + std::to_string(WTERMSIG(status)) + " (" +
               strsignal(WTERMSIG(status)) + ")";
    int code = WEXITSTATUS(status);
    return code <= 1 ? "" : "ended with status " + std::to_string(code);
}

void take_line(const std::string &line, const std::string &path, TopologyFile &file)
{
    if (line.rfind("ok ", 0) == 0) {
        try {
            file.topology = std::make_shared<const core::GpuTopology>(core::links_from_text(line.substr(3)));
            return;
        } catch (const std::invalid_argument &e) {
            file.error = path + ": " + kTopologyProgram + " printed a bad line (" + e.what() + ")";
            return;
        }
    }
    if (line.rfind("error ", 0) == 0)
        file.error = line.substr(6);
    else
        file.error = path + ": " + kTopologyProgram + " printed a bad line";
}

// Runs one child over paths[from, to), filling `out`; returns the index of
// the first file not yet settled (`to` when the child read them all).
size_t run_child(const std::string &program, const std::vector<std::string> &paths, size_t from, size_t to,
                 std::chrono::milliseconds per_file, std::vector<TopologyFile> &out)
{
    std::string error;
    Child child = spawn(program, paths, from, to, error);
    if (child.pid < 0) {
        for (size_t i = from; i < paths.size(); i++)
            out[i].error = paths[i] + ": " + error;
        return paths.size();
    }
    size_t next = from;
    std::string buffer;
    std::string stopped;  // why the child was stopped, if it was
    while (next < to) {
        pollfd p{child.out, POLLIN, 0};
        int ready = poll(&p, 1, static_cast<int>(per_file.count()));
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready == 0 || buffer.size() > kMaxLine) {
            stopped = ready == 0 ? "took longer than " + std::to_string(per_file.count()) + " ms"
                                 : "printed a line longer than " + std::to_string(kMaxLine) + " bytes";
            kill(child.pid, SIGKILL);
            break;
        }
        char chunk[8192];
        ssize_t got = ready > 0 ? read(child.out, chunk, sizeof chunk) : 0;
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        buffer.append(chunk, static_cast<size_t>(got));
        for (size_t nl; next < to && (nl = buffer.find('\n')) != std::string::npos; next++) {
            take_line(buffer.substr(0, nl), paths[next], out[next]);
            buffer.erase(0, nl + 1);
        }
    }
    close(child.out);
    std::string fate = reap(child);
    if (next == to)
        return to;
    if (!stopped.empty())
        fate = stopped;
    out[next].error = paths[next] + ": " + kTopologyProgram + " " + (fate.empty() ? "stopped" : fate) + " reading it";
    return next + 1;
}

}  // namespace

std::vector<std::string> topology_program_dirs()
{
    std::vector<std::string> dirs;
    Dl_info info{};
    if (dladdr(reinterpret_cast<void *>(&topology_program_dirs), &info) && info.dli_fname) {
        std::string here = directory_of(info.dli_fname);
        dirs.push_back(here);
        dirs.push_back(directory_of(here));
    }
    dirs.push_back(ACCORD_SBINDIR);
    return dirs;
}

std::string find_topology_program(const std::vector<std::string> &dirs)
{
    for (const auto &dir : dirs) {
        std::string path = dir + "/" + kTopologyProgram;
        if (access(path.c_str(), X_OK) == 0)
            return path;
    }
    return "";
}

std::vector<TopologyFile> read_topology_files(const std::string &program, const std::vector<std::string> &paths,
                                              std::chrono::milliseconds per_file)
{
    std::vector<TopologyFile> out(paths.size());
    for (size_t next = 0; next < paths.size();)
        next = run_child(program, paths, next, std::min(paths.size(), next + kBatch), per_file, out);
    return out;
}

}  // namespace accord::topology
