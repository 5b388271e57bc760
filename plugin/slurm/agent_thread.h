// The scheduling agent's thread control, apart from Slurm: one thread that
// runs a cycle, sleeps an interval, and runs again, until stopped; a
// reconfigure request wakes it at once and is passed to the next cycle.
// No Slurm header, so it is unit-tested alone (also under ThreadSanitizer,
// contrib/sanitize.sh).
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace accord::slurm {

// The agent thread's name (ps -L, /proc/PID/task/TID/comm).
constexpr const char *kAgentThreadName = "accord";

class AgentThread {
public:
    // Runs one cycle; `reconfigure` is true when a reconfigure was asked
    // since the last one (and for the first). Returns how long to sleep
    // before the next. Must not throw: the caller logs its own errors.
    using Cycle = std::function<std::chrono::milliseconds(bool reconfigure)>;

    AgentThread() = default;
    AgentThread(const AgentThread &) = delete;
    AgentThread &operator=(const AgentThread &) = delete;
    ~AgentThread() { stop(); }

    // Starts the thread; false (and nothing done) if one already runs.
    bool start(Cycle cycle);
    // Stops and joins the thread, waking it from its sleep; returns once a
    // cycle under way has ended. Safe when none runs, and to call twice.
    void stop();
    // Wakes the thread; its next cycle gets reconfigure = true.
    void request_reconfigure();

private:
    void run(const Cycle &cycle);
    // Sleeps `interval` or until woken; false when asked to stop.
    bool wait(std::chrono::milliseconds interval, bool &reconfigure);

    std::mutex mutex_;  // guards the fields below
    std::condition_variable wake_;
    std::thread thread_;
    bool stop_requested_ = false;
    bool reconfigure_requested_ = false;
};

}  // namespace accord::slurm
