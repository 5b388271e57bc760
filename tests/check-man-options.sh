#!/usr/bin/env bash
# Keeps each installed command's man page and its --help apart from drift:
# every long option --help lists must be in the man page, and every option
# the man page describes (a .TP item) must be in --help. accord-sim's man
# page must also name every policy accord-sim knows.
set -uo pipefail
src=${ACCORD_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${ACCORD_BIN_DIR:-.}
failed=0

# The man page as text: groff's escaped hyphens and font changes removed.
man_text() { sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\(em/-/g' "$1"; }

long_options() { grep -o -- '--[a-z][a-z0-9-]*[a-z0-9]' | sort -u; }
# Whether standard input names option $1 whole (--trace, not --write-trace or --traces).
names() { grep -q -E -e "(^|[^a-z0-9-])$1([^a-z0-9-]|\$)"; }

# The first line of each .TP item: what the man page defines.
man_items() { man_text "$1" | awk 'prev == ".TP" { print } { prev = $1 }'; }
man_item_options() { man_items "$1" | long_options; }

# Also clears the caller's page_ok (bash locals are seen by callees).
fail() { echo "check-man-options: $*"; failed=1; page_ok=0; }

check() {
    local command=$1 page=$src/docs/man/$2 help text option page_ok=1
    if ! help=$("$bin/$command" --help); then
        fail "$command --help failed"
    elif [ ! -f "$page" ]; then
        fail "$page is missing"
    else
        text=$(man_text "$page")
        for option in $(long_options <<<"$help"); do
            names "$option" <<<"$text" || fail "$2 lacks $option (in $command --help)"
        done
        for option in $(man_item_options "$page"); do
            [ "$option" = --help ] || names "$option" <<<"$help" ||
                fail "$2 describes $option, which $command --help does not list"
        done
        [ $page_ok = 0 ] || echo "check-man-options: $2 matches $command --help"
    fi
}

check accord-sim accord-sim.1
check accord-ctl accord-ctl.8
check accord-report accord-report.1
check accord-topology accord-topology.8
check accord-sacct2trace accord-sacct2trace.1
# Built only with LibTorch.
[ ! -x "$bin/accord-train" ] || check accord-train accord-train.1

# accord-sim names its policies when refusing an unknown one; each must be
# an item of the man page (".TP" then ".B NAME").
known=$("$bin/accord-sim" --throughputs x --trace x --policy no-such-policy 2>&1 | sed -n 's/.*(known: \(.*\))$/\1/p')
[ -n "$known" ] || fail "accord-sim did not list its policies"
items=$(man_items "$src/docs/man/accord-sim.1")
for policy in ${known//,/ }; do
    [ "$policy" = all ] || grep -q -x -F -e ".B $policy" <<<"$items" || fail "accord-sim.1 has no item for policy $policy"
done
exit $failed
