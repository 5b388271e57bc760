#!/usr/bin/env bash
# Installs every Debian package Accord needs to build, test and run, plus the
# Slurm source package matching the installed slurmctld (its internal headers
# are what a sched plugin compiles against). Idempotent; run as root.
# slurmdbd and MariaDB's server and client cores serve the accounting
# cluster (accord-cluster up --accounting); the cores, not mariadb-server,
# since that one's postinst would start a system-wide server. clang and
# libclang-rt-14-dev (libFuzzer, clang's ASan/UBSan runtimes) build the fuzz
# harnesses; gcc's own libasan8, libubsan1 and libtsan2 (pulled in by
# build-essential) serve contrib/sanitize.sh.
set -euo pipefail

SLURM_SRC_PARENT=${SLURM_SRC_PARENT:-/usr/local/src/accord}
export DEBIAN_FRONTEND=noninteractive

log() { printf 'install-deps: %s\n' "$*"; }

[ "$(id -u)" -eq 0 ] || { log "must run as root (apt-get install)"; exit 1; }

# apt-get source needs deb-src entries for the suites the deb entries name.
add_deb_src() {
    local f
    for f in /etc/apt/sources.list.d/debian.sources; do
        [ -f "$f" ] || continue
        grep -q '^Types:.*deb-src' "$f" && return 0
        sed -i 's/^Types: deb$/Types: deb deb-src/' "$f"
        return 0
    done
    if [ -f /etc/apt/sources.list ] && ! grep -q '^deb-src .*debian' /etc/apt/sources.list; then
        grep '^deb .*debian' /etc/apt/sources.list | sed 's/^deb /deb-src /' \
            > /etc/apt/sources.list.d/accord-deb-src.list || true
    fi
}

add_deb_src
apt-get update -qq

apt-get install -y -qq --no-install-recommends \
    build-essential autoconf automake libtool pkg-config dpkg-dev \
    slurmctld slurmd slurm-client libslurm-dev \
    slurmdbd mariadb-server-core mariadb-client-core \
    libjansson-dev libhwloc-dev libcmocka-dev libglpk-dev \
    libtorch-dev libopenblas0-openmp \
    clang libclang-rt-14-dev \
    procps psmisc gnuplot-nox jq >/dev/null

version=$(dpkg-query -W -f='${Version}' slurmctld)
upstream=${version%-*}
src_dir="$SLURM_SRC_PARENT/slurm-wlm-$upstream"
if [ ! -f "$src_dir/src/slurmctld/slurmctld.h" ]; then
    mkdir -p "$SLURM_SRC_PARENT"
    (cd "$SLURM_SRC_PARENT" && apt-get source -qq --download-only "slurm-wlm=$version" >/dev/null \
        && dpkg-source --no-check -x slurm-wlm_"${version#*:}".dsc "slurm-wlm-$upstream" >/dev/null)
fi
[ -f "$src_dir/src/slurmctld/slurmctld.h" ] || { log "Slurm source not found in $src_dir"; exit 1; }
log "Slurm $version source in $src_dir"
