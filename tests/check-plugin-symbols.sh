#!/usr/bin/env bash
# Every symbol sched_accord.so leaves undefined must be exported by slurmctld,
# libslurmfull or a library the plugin itself links: a missing one would only
# show when slurmctld dlopens the plugin (LD_BIND_NOW breaks stock plugins,
# so it cannot catch this). Also checks the plugin exports exactly the
# symbols slurmctld looks up, and that it does not need LibTorch (which only
# the dlopen'ed accord_model.so may link). PLUGIN_HOST and PLUGIN_EXPORTS make it check
# another plugin against the program that loads it (check-spank-symbols.sh).
set -euo pipefail

plugin=${PLUGIN_SO:-.libs/sched_accord.so}
host=${PLUGIN_HOST:-/usr/sbin/slurmctld}
expected=${PLUGIN_EXPORTS:-fini init plugin_name plugin_type plugin_version sched_p_reconfig}
[ -f "$plugin" ] || { echo "check-plugin-symbols: $plugin not built"; exit 1; }

fullso=$(ls /usr/lib/*/slurm-wlm/libslurmfull.so 2>/dev/null | head -n 1)
[ -n "$fullso" ] || { echo "check-plugin-symbols: libslurmfull.so not found"; exit 1; }

defined=$(mktemp); trap 'rm -f "$defined"' EXIT
{
    nm -D --defined-only "$host" "$fullso"
    ldd "$plugin" | awk '/=> \//{print $3}' | xargs -r nm -D --defined-only
} 2>/dev/null | awk '{print $NF}' | sed 's/@.*//' | sort -u > "$defined"

missing=$(nm -D --undefined-only "$plugin" | awk '{print $NF}' | sed 's/@.*//' |
          sort -u | comm -23 - "$defined" | grep -v -E '^(__gmon_start__|_ITM_.*|__cxa_finalize)$' || true)
if [ -n "$missing" ]; then
    echo "check-plugin-symbols: undefined in $plugin and not exported by $host or its libraries:"
    echo "$missing"
    exit 1
fi

exported=$(nm -D --defined-only "$plugin" | awk '$2 ~ /[TDRB]/ {print $3}' | sort | tr '\n' ' ')
if [ "$exported" != "$expected " ]; then
    echo "check-plugin-symbols: exports '$exported', expected '$expected'"
    exit 1
fi
torch=$(readelf -d "$plugin" | grep NEEDED | grep -E 'torch|c10|gomp' || true)
if [ -n "$torch" ]; then
    echo "check-plugin-symbols: $plugin links LibTorch; it must load without it:"
    echo "$torch"
    exit 1
fi
echo "check-plugin-symbols: all undefined symbols of $plugin resolve; exports are the plugin API; no LibTorch"
