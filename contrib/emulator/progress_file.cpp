#include "emulator/progress_file.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "sim/input_error.h"

namespace accord::emu {

double read_progress(const std::string &path)
{
    std::ifstream in(path);
    if (!in)
        return 0;
    std::string line, key, extra;
    std::getline(in, line);
    std::istringstream words(line);
    double done = -1;
    if (!(words >> key) || key != "steps_done")
        throw sim::InputError(path + ":1: field 1: expected 'steps_done'");
    if (!(words >> done) || !std::isfinite(done) || done < 0 || (words >> extra))
        throw sim::InputError(path + ":1: field 2 (steps_done): not a number >= 0");
    return done;
}

void write_progress(const std::string &path, double steps_done)
{
    std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc);
        out.precision(17);
        out << "steps_done " << steps_done << "\n";
        if (!out.flush())
            throw sim::InputError(tmp + ": cannot write: " + std::strerror(errno));
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
        throw sim::InputError(path + ": cannot replace: " + std::strerror(errno));
}

}  // namespace accord::emu
