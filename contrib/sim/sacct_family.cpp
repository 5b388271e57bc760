#include "sim/sacct_family.h"

#include "spank/hint_syntax.h"

namespace accord::sim {

namespace {

// The model name after `marker` in `text`, if it passes the hint's check;
// names end at the first character a name cannot hold.
std::string model_after(const std::string &text, const std::string &marker)
{
    size_t at = text.find(marker);
    if (at == std::string::npos)
        return "";
    size_t from = at + marker.size();
    size_t end = text.find_first_of(" ,;|\t\"'", from);
    auto checked = hints::check_model(text.substr(from, end == std::string::npos ? std::string::npos : end - from));
    return checked.value ? *checked.value : "";
}

}  // namespace

FamilyGuess guess_family(const SacctRecord &record, const std::set<std::string> &known)
{
    std::string name = model_after(record.system_comment, "hints: model ");
    if (!name.empty())
        return {name, "hint"};
    name = model_after(record.comment, "accord-model=");
    if (!name.empty())
        return {name, "comment"};
    if (known.count(record.job_name))
        return {record.job_name, "job name"};
    return {};
}

}  // namespace accord::sim
