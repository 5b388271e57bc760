#!/bin/sh
# Generates configure and Makefile.in from configure.ac and Makefile.am.
exec autoreconf --install --force "$(dirname "$0")"
