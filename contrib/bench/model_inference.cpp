// model-inference: what the learned model costs a scheduler that dlopens it.
// Loads accord_model.so and a model file as the plugin would, reports the
// time and resident memory each step adds, then batched predictions per
// second on one thread for batches of 1, 64 and 1,024 candidates (job
// family, batch size, GPU type and count, 0 to 3 co-runners, drawn from
// the model's own families and GPU types with a fixed seed). Rates are per
// second of this thread's CPU time (one core; on a shared machine wall
// time also counts other processes' turns), with the wall-clock rate beside.
// usage: model-inference MODULE.so MODEL [SECONDS_PER_BATCH_SIZE]
#include <dlfcn.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "model/throughput_model.h"

using accord::model::Candidate;
using accord::model::Prediction;
using accord::model::ThroughputModel;
using Clock = std::chrono::steady_clock;

namespace {

double rss_mb()
{
    std::ifstream status("/proc/self/status");
    std::string key;
    while (status >> key) {
        if (key == "VmRSS:") {
            double kb = 0;
            status >> kb;
            return kb / 1024;
        }
        status.ignore(1 << 12, '\n');
    }
    return 0;
}

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

double thread_cpu_seconds()
{
    timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

std::vector<Candidate> candidates(const ThroughputModel &model, size_t n)
{
    std::mt19937 rng(0);
    std::vector<std::string> families = model.families(), gpus = model.gpu_types();
    const int batches[] = {16, 32, 64, 128, 256};
    auto job = [&] {
        return accord::model::Job{families[rng() % families.size()], batches[rng() % 5]};
    };
    std::vector<Candidate> out(n);
    for (Candidate &c : out) {
        c.job = job();
        c.gpu_type = gpus[rng() % gpus.size()];
        c.gpus = 1 << (rng() % 4);
        c.spread = c.gpus > 1 && rng() % 2;
        for (unsigned k = rng() % 4; k > 0; k--)
            c.co_runners.push_back(job());
    }
    return out;
}

struct Rate {
    double per_cpu_second, per_wall_second;
};

Rate candidates_per_second(const ThroughputModel &model, size_t batch, double seconds)
{
    std::vector<Candidate> pool = candidates(model, batch);
    std::vector<Prediction> out(batch);
    size_t done = 0;
    auto t0 = Clock::now();
    double cpu0 = thread_cpu_seconds();
    while (thread_cpu_seconds() - cpu0 < seconds) {
        model.predict(pool.data(), batch, out.data());
        done += batch;
    }
    return Rate{done / (thread_cpu_seconds() - cpu0), done / seconds_since(t0)};
}

}  // namespace

int main(int argc, char **argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: model-inference MODULE.so MODEL [SECONDS_PER_BATCH_SIZE]\n");
        return 2;
    }
    double seconds = argc > 3 ? std::atof(argv[3]) : 2.0;
    double rss0 = rss_mb();
    auto t0 = Clock::now();
    void *module = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!module) {
        std::fprintf(stderr, "model-inference: %s\n", dlerror());
        return 1;
    }
    double dlopen_s = seconds_since(t0), rss1 = rss_mb();
    using Open = ThroughputModel *(*)(const char *, char *, size_t);
    using Close = void (*)(ThroughputModel *);
    auto open = reinterpret_cast<Open>(dlsym(module, "accord_model_open"));
    auto close = reinterpret_cast<Close>(dlsym(module, "accord_model_close"));
    if (!open || !close) {
        std::fprintf(stderr, "model-inference: %s lacks accord_model_open/close\n", argv[1]);
        return 1;
    }
    char error[512];
    t0 = Clock::now();
    ThroughputModel *model = open(argv[2], error, sizeof error);
    if (!model) {
        std::fprintf(stderr, "model-inference: %s\n", error);
        return 1;
    }
    double open_s = seconds_since(t0), rss2 = rss_mb();
    std::printf("| step | time | added RSS |\n| --- | ---: | ---: |\n");
    std::printf("| dlopen accord_model.so (LibTorch) | %.3f s | %.0f MB |\n", dlopen_s, rss1 - rss0);
    std::printf("| accord_model_open (model file) | %.1f ms | %.1f MB |\n\n", open_s * 1e3, rss2 - rss1);
    std::printf("| batch | candidates per CPU second (one thread) | per wall second |\n| ---: | ---: | ---: |\n");
    for (size_t batch : {1, 64, 256, 1024}) {
        Rate rate = candidates_per_second(*model, batch, seconds);
        std::printf("| %zu | %.0f | %.0f |\n", batch, rate.per_cpu_second, rate.per_wall_second);
    }
    std::printf("\nRSS after the runs: +%.1f MB over before dlopen\n", rss_mb() - rss0);
    close(model);
    return 0;
}
