#include "core/rewrite_record.h"

#include <array>
#include <cctype>

namespace accord::core {

namespace {

constexpr char kSeparator = ';';

// Slurm's TRES strings: names, types and counts joined by ':', ',' and '/'.
bool tres_char(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == ':' || c == ',' || c == '/' || c == '_' ||
           c == '.' || c == '-' || c == '+';
}

std::string *field(GpuRequestForms &forms, size_t i)
{
    std::array<std::string *, 4> all = {&forms.per_job, &forms.per_node, &forms.per_socket, &forms.per_task};
    return all.at(i);
}

}  // namespace

std::string encode_forms(const GpuRequestForms &forms)
{
    return forms.per_job + kSeparator + forms.per_node + kSeparator + forms.per_socket + kSeparator +
           forms.per_task;
}

std::optional<GpuRequestForms> decode_forms(const std::string &text, std::string &error)
{
    GpuRequestForms forms;
    size_t i = 0;
    for (char c : text) {
        if (c == kSeparator) {
            if (++i == 4) {
                error = "more than 4 fields";
                return std::nullopt;
            }
            continue;
        }
        if (!tres_char(c)) {
            error = "a character no GPU request has";
            return std::nullopt;
        }
        std::string *f = field(forms, i);
        if (f->size() == kMaxTresFormLength) {
            error = "a form longer than " + std::to_string(kMaxTresFormLength) + " characters";
            return std::nullopt;
        }
        f->push_back(c);
    }
    if (i != 3) {
        error = "fewer than 4 fields";
        return std::nullopt;
    }
    return forms;
}

bool back_to_submitted(const RewriteRecord &record, const GpuRequestForms &current)
{
    return current == record.chosen && current != record.submitted;
}

}  // namespace accord::core
