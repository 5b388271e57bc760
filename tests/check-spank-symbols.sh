#!/usr/bin/env bash
# check-plugin-symbols.sh for spank_accord.so: what it leaves undefined must
# come from sbatch and libslurmfull (srun, salloc, slurmd and slurmstepd
# link the same library), and it exports only the SPANK API.
here=$(dirname "$0")
PLUGIN_SO=${SPANK_SO:-.libs/spank_accord.so} PLUGIN_HOST=/usr/bin/sbatch \
PLUGIN_EXPORTS="plugin_name plugin_type plugin_version slurm_spank_init slurm_spank_init_post_opt spank_plugin_version" \
    exec bash "$here/check-plugin-symbols.sh"
