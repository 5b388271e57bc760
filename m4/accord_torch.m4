# ACCORD_CHECK_TORCH: Debian's LibTorch ships no pkg-config file; look for its
# headers and libtorch_cpu directly. Compiling <ATen/Parallel.h> is the cheap
# probe (<torch/torch.h> costs ~20 s per compile).
AC_DEFUN([ACCORD_CHECK_TORCH], [
  AC_ARG_WITH([torch],
    [AS_HELP_STRING([--with-torch@<:@=DIR@:>@], [build the LibTorch model module (default: if found)])],
    [], [with_torch=check])
  have_torch=no
  AS_IF([test "x$with_torch" != xno], [
    accord_torch_prefix=/usr
    AS_IF([test "x$with_torch" != xyes && test "x$with_torch" != xcheck], [accord_torch_prefix="$with_torch"])
    TORCH_CPPFLAGS="-D_GLIBCXX_USE_CXX11_ABI=1 -I$accord_torch_prefix/include -I$accord_torch_prefix/include/torch/csrc/api/include"
    TORCH_LIBS="-ltorch_cpu -lc10"
    AC_LANG_PUSH([C++])
    accord_save_CPPFLAGS=$CPPFLAGS; accord_save_LIBS=$LIBS
    CPPFLAGS="$CPPFLAGS $TORCH_CPPFLAGS"; LIBS="$TORCH_LIBS $LIBS"
    AC_MSG_CHECKING([for LibTorch])
    AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <ATen/Parallel.h>]], [[return at::get_num_threads() > 0 ? 0 : 1;]])],
      [have_torch=yes], [have_torch=no])
    AC_MSG_RESULT([$have_torch])
    CPPFLAGS=$accord_save_CPPFLAGS; LIBS=$accord_save_LIBS
    AC_LANG_POP([C++])
    AS_IF([test "x$with_torch" = xyes && test "x$have_torch" = xno],
      [AC_MSG_ERROR([--with-torch given but LibTorch was not found; install libtorch-dev])])
  ])
  AC_SUBST([TORCH_CPPFLAGS])
  AC_SUBST([TORCH_LIBS])
  AM_CONDITIONAL([HAVE_TORCH], [test "x$have_torch" = xyes])
])
