#include "slurm/agent_thread.h"

#include <pthread.h>

#include <utility>

namespace accord::slurm {

bool AgentThread::start(Cycle cycle)
{
    std::lock_guard<std::mutex> lock(mutex_);
    if (thread_.joinable())
        return false;
    stop_requested_ = false;
    // slurmctld also calls sched_p_reconfig() at start-up: one flag, one read.
    reconfigure_requested_ = true;
    thread_ = std::thread([this, cycle = std::move(cycle)] { run(cycle); });
    return true;
}

void AgentThread::stop()
{
    std::thread finishing;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stop_requested_ = true;
        finishing = std::move(thread_);
    }
    wake_.notify_all();
    if (finishing.joinable())
        finishing.join();
}

void AgentThread::request_reconfigure()
{
    {
        std::lock_guard<std::mutex> lock(mutex_);
        reconfigure_requested_ = true;
    }
    wake_.notify_all();
}

bool AgentThread::wait(std::chrono::milliseconds interval, bool &reconfigure)
{
    std::unique_lock<std::mutex> lock(mutex_);
    wake_.wait_for(lock, interval, [this] { return stop_requested_ || reconfigure_requested_; });
    reconfigure = reconfigure_requested_;
    reconfigure_requested_ = false;
    return !stop_requested_;
}

void AgentThread::run(const Cycle &cycle)
{
    // Named as slurmctld names its own threads ("bckfl", "sstate"), so that
    // ps -L, top and the fault tests can tell the agent apart.
    pthread_setname_np(pthread_self(), kAgentThreadName);
    std::chrono::milliseconds interval{0};
    bool reconfigure = false;
    while (wait(interval, reconfigure))
        interval = cycle(reconfigure);
}

}  // namespace accord::slurm
