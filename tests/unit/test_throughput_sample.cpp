// Unit tests for core/throughput_sample and core/crc32: a sample's line in
// the sample file is read back the same, and a line whose checksum or any
// field is wrong is refused, naming what is wrong.
#include "cmocka_cpp.h"

#include <cstdio>
#include <cstring>
#include <string>

#include "core/crc32.h"
#include "core/throughput_sample.h"

using namespace accord::core;

static ThroughputSample sample()
{
    ThroughputSample s;
    s.time = 1795000000;
    s.job_id = 42;
    s.user = "alice";
    s.family = "resnet50";
    s.gpus = {{"a100", 2}, {"v100", 4}};
    s.nodes = "a100-1,v100-[1-2]";
    s.neighbours = std::vector<std::string>{"bert", kUnnamedNeighbour};
    s.report = ProgressReport{ReportMetric::StepsPerSecond, 12.5, 3};
    return s;
}

// `line` without its final '\n', with its checksum recomputed.
static std::string resealed(const std::string &body)
{
    char crc[16];
    snprintf(crc, sizeof(crc), "%08x", crc32(body));
    return body + "\t" + crc;
}

static std::string body_of(const std::string &line)
{
    return line.substr(0, line.rfind('\t'));
}

static void crc32_matches_the_standard_check_value(void **)
{
    assert_int_equal(crc32("123456789"), 0xCBF43926u);
    assert_int_equal(crc32(""), 0);
}

static void line_has_every_field_in_order(void **)
{
    std::string line = sample_line(sample());
    std::string body = "accord-sample-2\t1795000000\t42\talice\tresnet50\ta100:2,v100:4\ta100-1,v100-[1-2]\t"
                       "?,bert\tsteps_per_second\t12.5\t3";
    assert_string_equal(line.c_str(), (resealed(body) + "\n").c_str());
}

static void line_reads_back_the_same_sample(void **)
{
    std::string line = sample_line(sample());
    ParsedSample parsed = parse_sample_line(line.substr(0, line.size() - 1));
    assert_true(parsed.sample.has_value());
    const ThroughputSample &s = *parsed.sample;
    assert_int_equal(s.time, 1795000000);
    assert_int_equal(s.job_id, 42);
    assert_string_equal(s.user.c_str(), "alice");
    assert_string_equal(s.family.c_str(), "resnet50");
    assert_true(s.gpus == sample().gpus);
    assert_string_equal(s.nodes.c_str(), "a100-1,v100-[1-2]");
    assert_true(s.neighbours == std::vector<std::string>({kUnnamedNeighbour, "bert"}));
    assert_true(s.report.metric == ReportMetric::StepsPerSecond);
    assert_true(s.report.rate == 12.5);
    assert_int_equal(s.report.seq, 3);
}

static void job_without_family_or_gpus_reads_back(void **)
{
    ThroughputSample s = sample();
    s.family.clear();
    s.gpus.clear();
    s.report.metric = ReportMetric::SamplesPerSecond;
    std::string line = sample_line(s);
    ParsedSample parsed = parse_sample_line(line.substr(0, line.size() - 1));
    assert_true(parsed.sample.has_value());
    assert_true(parsed.sample->family.empty());
    assert_true(parsed.sample->gpus.empty());
    assert_true(parsed.sample->report.metric == ReportMetric::SamplesPerSecond);
}

// Alone on its nodes is an empty list, not an unknown one.
static void job_alone_reads_back_alone(void **)
{
    ThroughputSample s = sample();
    s.neighbours = std::vector<std::string>{};
    std::string line = sample_line(s);
    ParsedSample parsed = parse_sample_line(line.substr(0, line.size() - 1));
    assert_true(parsed.sample.has_value());
    assert_true(parsed.sample->neighbours.has_value());
    assert_true(parsed.sample->neighbours->empty());
}

// Neighbours not recorded are written and read in the first format, which
// sample files written before neighbours were recorded hold.
static void first_format_line_reads_with_neighbours_unknown(void **)
{
    ThroughputSample s = sample();
    s.neighbours.reset();
    std::string line = sample_line(s);
    assert_int_equal(line.rfind("accord-sample-1\t", 0), 0);
    ParsedSample parsed = parse_sample_line(line.substr(0, line.size() - 1));
    assert_true(parsed.sample.has_value());
    assert_false(parsed.sample->neighbours.has_value());
    assert_string_equal(parsed.sample->nodes.c_str(), "a100-1,v100-[1-2]");
    assert_true(parsed.sample->report.rate == 12.5);
}

static void unwritable_fields_give_no_line(void **)
{
    ThroughputSample s = sample();
    s.user = "al\tice";
    assert_true(sample_line(s).empty());
    s = sample();
    s.nodes = "";
    assert_true(sample_line(s).empty());
    s = sample();
    s.family = "x\ny";
    assert_true(sample_line(s).empty());
    s = sample();
    s.neighbours = std::vector<std::string>{"a,b"};
    assert_true(sample_line(s).empty());
}

static void changed_byte_fails_the_checksum(void **)
{
    std::string line = sample_line(sample());
    line.pop_back();
    line[line.find("12.5")] = '9';
    ParsedSample parsed = parse_sample_line(line);
    assert_false(parsed.sample.has_value());
    assert_contains(parsed.error, "checksum");
}

static void torn_line_fails_the_checksum(void **)
{
    std::string line = sample_line(sample());
    ParsedSample parsed = parse_sample_line(line.substr(0, 40));
    assert_false(parsed.sample.has_value());
    assert_contains(parsed.error, "checksum");
    assert_false(parse_sample_line("garbage").sample.has_value());
}

// Each field replaced by a bad value, with a valid checksum: refused, naming it.
static void bad_fields_refused_by_name(void **)
{
    std::string body = body_of(sample_line(sample()));
    struct {
        const char *from, *to, *field;
    } cases[] = {
        {"1795000000", "17x5", "time"},     {"\t42\t", "\t0\t", "job"},
        {"\t42\t", "\t4294967296\t", "job"}, {"alice", "", "user"},
        {"a100:2", "a100:0", "gpus"},       {"a100:2", "a100", "gpus"},
        {"a100-1,v100-[1-2]", "", "nodes"}, {"steps_per_second", "steps", "metric"},
        {"12.5", "-1", "rate"},             {"\t3", "\t0", "seq"},
        {"a100:2", "a100:1,a100:1", "gpus"},  // a type named twice (its sum could pass int)
        {"?,bert", "bert,?", "neighbours"},   // not sorted
        {"?,bert", "?,,bert", "neighbours"},
    };
    for (const auto &c : cases) {
        std::string bad = body;
        bad.replace(bad.find(c.from), strlen(c.from), c.to);
        ParsedSample parsed = parse_sample_line(resealed(bad));
        assert_false(parsed.sample.has_value());
        assert_contains(parsed.error, std::string("bad ") + c.field + " field");
    }
}

static void other_format_version_refused(void **)
{
    std::string body = body_of(sample_line(sample()));
    body.replace(0, strlen(kSampleFormat), "accord-sample-3");
    ParsedSample parsed = parse_sample_line(resealed(body));
    assert_false(parsed.sample.has_value());
    assert_contains(parsed.error, "not an accord-sample-2 or accord-sample-1 line");
    body.replace(0, strlen("accord-sample-3"), "accord-sample-1");  // the first format has no neighbours field
    assert_false(parse_sample_line(resealed(body)).sample.has_value());
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(crc32_matches_the_standard_check_value),
        cmocka_unit_test(line_has_every_field_in_order),
        cmocka_unit_test(line_reads_back_the_same_sample),
        cmocka_unit_test(job_without_family_or_gpus_reads_back),
        cmocka_unit_test(job_alone_reads_back_alone),
        cmocka_unit_test(first_format_line_reads_with_neighbours_unknown),
        cmocka_unit_test(unwritable_fields_give_no_line),
        cmocka_unit_test(changed_byte_fails_the_checksum),
        cmocka_unit_test(torn_line_fails_the_checksum),
        cmocka_unit_test(bad_fields_refused_by_name),
        cmocka_unit_test(other_format_version_refused),
    };
    return cmocka_run_group_tests(tests, nullptr, nullptr);
}
