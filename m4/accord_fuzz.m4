# ACCORD_CHECK_LIBFUZZER: a clang++ that links -fsanitize=fuzzer,address,undefined
# (Debian: clang and libclang-rt-14-dev). With it, make check runs the bounded
# fuzz run (tests/fuzz/run-fuzz.sh) and make fuzz the longer one; without it
# both are skipped with a note.
AC_DEFUN([ACCORD_CHECK_LIBFUZZER], [
  AC_ARG_VAR([FUZZ_CXX], [clang++ with libFuzzer, for the fuzz harnesses])
  AC_CHECK_PROGS([FUZZ_CXX], [clang++ clang++-14], [none])
  have_libfuzzer=no
  AS_IF([test "x$FUZZ_CXX" != xnone], [
    AC_MSG_CHECKING([whether $FUZZ_CXX links libFuzzer with ASan and UBSan])
    cat > conftest-fuzz.cpp <<'_ACEOF'
#include <cstddef>
#include <cstdint>
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *, size_t) { return 0; }
_ACEOF
    AS_IF([$FUZZ_CXX -fsanitize=fuzzer,address,undefined conftest-fuzz.cpp -o conftest-fuzz >&AS_MESSAGE_LOG_FD 2>&1],
          [have_libfuzzer=yes])
    rm -f conftest-fuzz.cpp conftest-fuzz
    AC_MSG_RESULT([$have_libfuzzer])
  ])
  AM_CONDITIONAL([HAVE_LIBFUZZER], [test "x$have_libfuzzer" = xyes])
])
