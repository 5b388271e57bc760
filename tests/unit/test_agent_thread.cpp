// Unit tests for plugin/slurm/agent_thread: the scheduling agent's start,
// wake-up on reconfigure, and stop/join, with cycles that sleep an hour so
// that only the requests under test can wake the thread (a broken wake-up
// hangs the test rather than passing it). contrib/sanitize.sh also runs
// this program under ThreadSanitizer.
#include "cmocka_cpp.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <pthread.h>
#include <string>
#include <vector>

#include "slurm/agent_thread.h"

using accord::slurm::AgentThread;
using namespace std::chrono_literals;

namespace {

// Records each cycle's reconfigure flag; lets the test wait for cycles.
class CycleLog {
public:
    AgentThread::Cycle cycle(std::chrono::milliseconds interval)
    {
        return [this, interval](bool reconfigure) {
            std::lock_guard<std::mutex> lock(mutex_);
            flags_.push_back(reconfigure);
            ran_.notify_all();
            return interval;
        };
    }
    std::vector<bool> wait_for(size_t cycles)
    {
        std::unique_lock<std::mutex> lock(mutex_);
        ran_.wait(lock, [&] { return flags_.size() >= cycles; });
        return flags_;
    }
    size_t count()
    {
        std::lock_guard<std::mutex> lock(mutex_);
        return flags_.size();
    }

private:
    std::mutex mutex_;
    std::condition_variable ran_;
    std::vector<bool> flags_;
};

}  // namespace

static void first_cycle_runs_at_once_as_a_reconfigure(void **)
{
    CycleLog log;
    AgentThread agent;
    assert_true(agent.start(log.cycle(1h)));
    std::vector<bool> flags = log.wait_for(1);
    assert_true(flags[0]);
    agent.stop();
    assert_int_equal(log.count(), 1);
}

static void cycles_run_on_a_thread_named_accord(void **)
{
    std::mutex mutex;
    std::condition_variable named;
    std::string name;
    AgentThread agent;
    assert_true(agent.start([&](bool) {
        char buffer[16] = "";
        pthread_getname_np(pthread_self(), buffer, sizeof buffer);
        std::lock_guard<std::mutex> lock(mutex);
        name = buffer;
        named.notify_all();
        return std::chrono::milliseconds(1h);
    }));
    {
        std::unique_lock<std::mutex> lock(mutex);
        named.wait(lock, [&] { return !name.empty(); });
    }
    agent.stop();
    assert_string_equal(name.c_str(), "accord");
}

static void reconfigure_wakes_the_sleeping_thread(void **)
{
    CycleLog log;
    AgentThread agent;
    agent.start(log.cycle(1h));
    log.wait_for(1);
    agent.request_reconfigure();
    std::vector<bool> flags = log.wait_for(2);
    assert_true(flags[1]);
    agent.stop();
}

static void cycles_without_a_request_are_not_reconfigures(void **)
{
    CycleLog log;
    AgentThread agent;
    agent.start(log.cycle(0ms));  // no sleep: runs cycle after cycle
    std::vector<bool> flags = log.wait_for(3);
    agent.stop();
    assert_true(flags[0]);
    assert_false(flags[1]);
    assert_false(flags[2]);
}

static void stop_wakes_and_joins_the_sleeping_thread(void **)
{
    CycleLog log;
    AgentThread agent;
    agent.start(log.cycle(1h));
    log.wait_for(1);
    agent.stop();  // returns only once the thread has ended
    assert_int_equal(log.count(), 1);
}

static void second_start_is_refused_while_running(void **)
{
    CycleLog log, other;
    AgentThread agent;
    assert_true(agent.start(log.cycle(1h)));
    assert_false(agent.start(other.cycle(1h)));
    log.wait_for(1);
    agent.stop();
    assert_int_equal(other.count(), 0);
}

static void restarts_after_stop(void **)
{
    CycleLog first, second;
    AgentThread agent;
    agent.start(first.cycle(1h));
    first.wait_for(1);
    agent.stop();
    assert_true(agent.start(second.cycle(1h)));
    assert_true(second.wait_for(1)[0]);
    agent.stop();
}

static void stop_without_start_and_twice_is_safe(void **)
{
    AgentThread agent;
    agent.stop();
    agent.stop();
    CycleLog log;
    assert_true(agent.start(log.cycle(1h)));
    log.wait_for(1);
}  // the destructor stops the running thread

// Requests from several threads at once, as slurmctld's RPC threads may
// call sched_p_reconfig() while the agent runs: every cycle sees a
// consistent flag and stop still joins.
static void concurrent_reconfigures_and_stop(void **)
{
    CycleLog log;
    AgentThread agent;
    agent.start(log.cycle(1h));
    log.wait_for(1);  // so the requests below cannot all fold into the first cycle's
    std::atomic<bool> go{false};
    std::vector<std::thread> callers;
    for (int i = 0; i < 4; i++)
        callers.emplace_back([&] {
            while (!go)
                std::this_thread::yield();
            for (int j = 0; j < 50; j++)
                agent.request_reconfigure();
        });
    go = true;
    for (std::thread &t : callers)
        t.join();
    log.wait_for(2);
    agent.stop();
    for (bool flag : log.wait_for(2))
        assert_true(flag);  // every cycle was woken by a request
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(first_cycle_runs_at_once_as_a_reconfigure),
        cmocka_unit_test(cycles_run_on_a_thread_named_accord),
        cmocka_unit_test(reconfigure_wakes_the_sleeping_thread),
        cmocka_unit_test(cycles_without_a_request_are_not_reconfigures),
        cmocka_unit_test(stop_wakes_and_joins_the_sleeping_thread),
        cmocka_unit_test(second_start_is_refused_while_running),
        cmocka_unit_test(restarts_after_stop),
        cmocka_unit_test(stop_without_start_and_twice_is_safe),
        cmocka_unit_test(concurrent_reconfigures_and_stop),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
