/* Slurm's internal headers include "config.h". Debian builds Slurm with
 * --disable-debug, and NDEBUG alone reproduces that build's structure
 * layouts (checked: the plugin code is byte-identical to one built against
 * a configured tree), so Slurm's own ./configure is not needed. */
#define NDEBUG 1
