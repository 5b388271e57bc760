# ACCORD_CHECK_SLURM: locate Slurm's internal source headers, the public
# development headers and slurmctld, and refuse to build unless all three are
# the same version: slurmctld refuses a plugin whose plugin_version differs
# from its own SLURM_VERSION_NUMBER down to the micro level.
AC_DEFUN([ACCORD_CHECK_SLURM], [
  AC_ARG_WITH([slurm-source],
    [AS_HELP_STRING([--with-slurm-source=DIR],
      [Slurm source tree matching the installed slurmctld (default: the tree contrib/install-deps.sh fetched)])],
    [accord_slurm_src="$withval"],
    [accord_slurm_src=$(ls -d /usr/local/src/accord/slurm-wlm-* 2>/dev/null | tail -n 1)])
  AS_IF([test -z "$accord_slurm_src" || test ! -f "$accord_slurm_src/src/slurmctld/slurmctld.h"],
    [AC_MSG_ERROR([Slurm source tree not found (looked in '$accord_slurm_src'); run contrib/install-deps.sh or pass --with-slurm-source=DIR])])

  AC_MSG_CHECKING([Slurm source version])
  accord_src_version=$(sed -n 's/^ *Version:[[[:space:]]]*//p' "$accord_slurm_src/META" | head -n 1)
  AC_MSG_RESULT([$accord_src_version])

  AC_MSG_CHECKING([libslurm-dev header version])
  accord_hdr_number=$(sed -n 's/^#define SLURM_VERSION_NUMBER \(0x[[0-9a-fA-F]]*\)/\1/p' /usr/include/slurm/slurm_version.h 2>/dev/null)
  AS_IF([test -z "$accord_hdr_number"], [AC_MSG_ERROR([slurm/slurm_version.h not found: install libslurm-dev])])
  accord_hdr_version=$(printf '%d.%02d.%d' $(( accord_hdr_number >> 16 )) $(( (accord_hdr_number >> 8) & 255 )) $(( accord_hdr_number & 255 )))
  AC_MSG_RESULT([$accord_hdr_version])

  AC_PATH_PROG([SLURMCTLD], [slurmctld], [], [$PATH:/usr/sbin:/sbin])
  AS_IF([test -z "$SLURMCTLD"], [AC_MSG_ERROR([slurmctld not found: install slurmctld])])
  AC_MSG_CHECKING([slurmctld version])
  accord_ctld_version=$("$SLURMCTLD" -V | awk '{print $[2]}')
  AC_MSG_RESULT([$accord_ctld_version])

  AS_IF([test "$accord_src_version" != "$accord_hdr_version" || test "$accord_hdr_version" != "$accord_ctld_version"],
    [AC_MSG_ERROR([Slurm versions differ: source tree $accord_src_version, libslurm-dev $accord_hdr_version, slurmctld $accord_ctld_version; slurmctld only loads a plugin built for its exact version])])

  AC_ARG_WITH([slurm-plugin-dir],
    [AS_HELP_STRING([--with-slurm-plugin-dir=DIR], [where slurmctld loads plugins from (default: next to sched_backfill.so)])],
    [SLURM_PLUGIN_DIR="$withval"],
    [SLURM_PLUGIN_DIR=$(dirname "$(ls /usr/lib/*/slurm-wlm/sched_backfill.so /usr/lib*/slurm/sched_backfill.so 2>/dev/null | head -n 1)")])
  AS_IF([test "$SLURM_PLUGIN_DIR" = "." || test ! -d "$SLURM_PLUGIN_DIR"],
    [AC_MSG_ERROR([Slurm plugin directory not found; pass --with-slurm-plugin-dir=DIR])])

  SLURM_SOURCE_DIR="$accord_slurm_src"
  SLURM_VERSION="$accord_ctld_version"
  AC_SUBST([SLURM_SOURCE_DIR])
  AC_SUBST([SLURM_PLUGIN_DIR])
  AC_SUBST([SLURM_VERSION])
  AC_SUBST([SLURMCTLD])
])
