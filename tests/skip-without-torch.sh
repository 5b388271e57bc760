#!/bin/sh
# Stands in for tests/unit/test_throughput_model when configure found no
# LibTorch: the model (model/) is not built, so its tests are skipped.
echo "LibTorch not found by configure: model/ tests skipped"
exit 77
