#include "sim/number_text.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace accord::sim {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

NumberText parse_decimal(const std::string &s, double &value)
{
    size_t i = 0, n = s.size();
    if (i < n && (s[i] == '+' || s[i] == '-'))
        i++;
    size_t digits = 0;
    while (i < n && is_digit(s[i]))
        i++, digits++;
    if (i < n && s[i] == '.') {
        i++;
        while (i < n && is_digit(s[i]))
            i++, digits++;
    }
    if (digits > 0 && i < n && (s[i] == 'e' || s[i] == 'E')) {
        size_t j = i + 1;
        if (j < n && (s[j] == '+' || s[j] == '-'))
            j++;
        size_t exp_digits = 0;
        while (j < n && is_digit(s[j]))
            j++, exp_digits++;
        if (exp_digits > 0)
            i = j;
    }
    if (digits == 0 || i != n)
        return NumberText::not_a_number;
    errno = 0;
    value = std::strtod(s.c_str(), nullptr);
    if (!std::isfinite(value) || (errno == ERANGE && value != 0))
        return NumberText::out_of_range;
    return NumberText::ok;
}

NumberText parse_whole(const std::string &s, unsigned long long &value, bool &negative)
{
    size_t i = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
    negative = !s.empty() && s[0] == '-';
    if (i == s.size())
        return NumberText::not_a_number;
    for (size_t k = i; k < s.size(); k++)
        if (!is_digit(s[k]))
            return NumberText::not_a_number;
    errno = 0;
    value = std::strtoull(s.c_str() + i, nullptr, 10);
    if (errno == ERANGE)
        return NumberText::out_of_range;
    return NumberText::ok;
}

}  // namespace accord::sim
