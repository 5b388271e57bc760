# Builds the libFuzzer harnesses (called by run-fuzz.sh): the parsers'
# sources compiled once with coverage and ASan+UBSan into one archive,
# then each tests/fuzz/fuzz_*.cpp linked against it.
# Variables: SRCDIR (the source tree), OUT (where to build), FUZZ_CXX.
FUZZ_CXX ?= clang++
SAN = -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
CXXFLAGS = -std=c++17 -O1 -g $(SAN) -I$(SRCDIR)/plugin -I$(SRCDIR)/contrib $(shell pkg-config --cflags jansson hwloc)
LIBS = $(shell pkg-config --libs jansson hwloc)

PARSER_SOURCES = \
	plugin/core/resources.cpp plugin/core/gpu_counts.cpp plugin/core/scheduler_params.cpp plugin/core/predicted_fairness.cpp \
	plugin/core/job_hints.cpp plugin/core/node_list.cpp \
	plugin/core/progress_report.cpp plugin/core/crc32.cpp plugin/core/record_line.cpp plugin/core/line_file.cpp \
	plugin/core/throughput_sample.cpp plugin/core/sample_store.cpp plugin/core/finished_job_line.cpp \
	plugin/core/finished_job_store.cpp plugin/spank/hint_syntax.cpp plugin/slurm/gpu_tres_text.cpp \
	plugin/core/rewrite_record.cpp plugin/core/service_record.cpp \
	plugin/core/gpu_topology.cpp plugin/core/gpu_topology_text.cpp plugin/topology/hwloc_gpus.cpp \
	plugin/topology/xml_precheck.cpp \
	contrib/ctl/stats_file.cpp contrib/ctl/gres_text.cpp contrib/emulator/progress_file.cpp \
	contrib/sim/number_text.cpp contrib/sim/csv_table.cpp contrib/sim/throughput_table.cpp \
	contrib/sim/gavel_trace.cpp contrib/sim/sia_application.cpp contrib/sim/sia_step_time.cpp \
	contrib/sim/sia_profiles.cpp contrib/sim/sia_workload.cpp contrib/sim/alibaba_cluster.cpp \
	contrib/sim/cluster_spec.cpp contrib/sim/sacct_records.cpp contrib/sim/text_lines.cpp
HARNESSES = $(patsubst $(SRCDIR)/tests/fuzz/%.cpp,$(OUT)/%,$(wildcard $(SRCDIR)/tests/fuzz/fuzz_*.cpp))
OBJECTS = $(patsubst %.cpp,$(OUT)/obj/%.o,$(PARSER_SOURCES))

all: $(HARNESSES)

$(OUT)/libparsers.a: $(OBJECTS)
	rm -f $@ && ar rcs $@ $^

$(OUT)/obj/%.o: $(SRCDIR)/%.cpp
	@mkdir -p $(dir $@)
	$(FUZZ_CXX) $(CXXFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c $< -o $@

$(OUT)/fuzz_%: $(SRCDIR)/tests/fuzz/fuzz_%.cpp $(OUT)/libparsers.a
	$(FUZZ_CXX) $(CXXFLAGS) -fsanitize=fuzzer -MMD -MP $< $(OUT)/libparsers.a $(LIBS) -o $@

-include $(OBJECTS:.o=.d) $(HARNESSES:=.d)
.PHONY: all
