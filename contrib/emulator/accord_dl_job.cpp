// accord-dl-job: a deep-learning training job for the emulated GPU cluster.
// Run inside a Slurm job, it reads what Slurm gave it, trains at the
// measured rate of its job type there (step_rate.h), looks again at its
// neighbours every --recheck seconds, keeps its progress in a checkpoint
// file (a requeued job resumes from it) and exits 0 once its steps are done.
#include <signal.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <string>

#include "emulator/dl_job_options.h"
#include "emulator/progress_file.h"
#include "emulator/slurm_query.h"
#include "emulator/step_rate.h"
#include "sim/throughput_table.h"

using namespace accord;

namespace {

volatile sig_atomic_t stop_signal = 0;

void on_stop(int signal) { stop_signal = signal; }

// Handlers without SA_RESTART, so a signal cuts a sleep short.
void catch_stop_signals()
{
    struct sigaction action = {};
    action.sa_handler = on_stop;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTERM, &action, nullptr);
    sigaction(SIGINT, &action, nullptr);
}

void sleep_wall(double seconds)
{
    timespec span{static_cast<time_t>(seconds), static_cast<long>((seconds - static_cast<time_t>(seconds)) * 1e9)};
    nanosleep(&span, nullptr);
}

void report(const emu::DlJobOptions &o, double done, double rate)
{
    if (o.report_cmd.empty())
        return;
    std::string command = emu::expand_report_cmd(o.report_cmd, o.job_id, done, o.steps, rate);
    if (std::system(command.c_str()) != 0)
        std::fprintf(stderr, "accord-dl-job: reporter failed: %s\n", command.c_str());
}

// The rate now, or the last one when Slurm does not answer (a busy
// slurmctld must not stop training).
emu::StepRate current_rate(const sim::JobSpeed &speed, const emu::DlJobOptions &o,
                           const emu::JobAllocation &mine, const emu::StepRate &last)
{
    std::vector<emu::Neighbour> neighbours;
    try {
        neighbours = emu::query_neighbours(mine);
    } catch (const std::runtime_error &e) {
        std::fprintf(stderr, "accord-dl-job: keeping the last rate: %s\n", e.what());
        return last;
    }
    return emu::step_rate(speed, o.job_type, mine, neighbours);
}

int train(const emu::DlJobOptions &o)
{
    sim::ThroughputTable table = sim::ThroughputTable::load_gavel(o.throughputs);
    sim::JobSpeed speed(table);
    emu::JobAllocation mine = emu::query_job(o.job_id);
    double done = std::min(emu::read_progress(o.checkpoint), o.steps);
    emu::StepRate rate = emu::step_rate(speed, o.job_type, mine, {});
    std::printf("job %s: '%s', %.0f of %.0f steps done, time scale %g\n", o.job_id.c_str(), o.job_type.c_str(),
                done, o.steps, o.time_scale);
    using clock = std::chrono::steady_clock;
    for (bool first = true; done < o.steps && !stop_signal; first = false) {
        emu::StepRate now = current_rate(speed, o, mine, rate);
        if (first || now.why != rate.why)
            std::printf("rate %.4g steps/s: %s\n", now.steps_per_second, now.why.c_str());
        rate = now;
        report(o, done, rate.steps_per_second);
        double left_wall = (o.steps - done) / (rate.steps_per_second * o.time_scale);
        auto before = clock::now();
        sleep_wall(std::min(o.recheck_s, left_wall));
        double slept = std::chrono::duration<double>(clock::now() - before).count();
        done = std::min(o.steps, done + slept * o.time_scale * rate.steps_per_second);
        emu::write_progress(o.checkpoint, done);
    }
    report(o, done, rate.steps_per_second);
    std::printf("%s at %.0f of %.0f steps\n", done >= o.steps ? "done" : "stopped", done, o.steps);
    std::fflush(stdout);
    return done >= o.steps ? 0 : 128 + stop_signal;
}

}  // namespace

int main(int argc, char **argv)
{
    emu::DlJobOptions options = emu::parse_dl_job_options(argc, argv);
    std::setvbuf(stdout, nullptr, _IOLBF, 0);  // progress lines reach the job's output file as they happen
    catch_stop_signals();
    try {
        return train(options);
    } catch (const std::exception &e) {
        std::fprintf(stderr, "accord-dl-job: %s\n", e.what());
        return 1;
    }
}
