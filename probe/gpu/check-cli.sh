#!/bin/sh
# check-cli.sh PROBE: hetscope-probe's command line, checked with or
# without a GPU: bad arguments exit 2 with a message, a device that is not
# there (or no device at all) exits non-zero and writes nothing.
set -u
probe=${1:-./hetscope-probe}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

# expect RC NEEDLE ARGS...: the probe exits RC and says NEEDLE.
expect() {
  want=$1 needle=$2
  shift 2
  "$probe" "$@" >"$tmp/out" 2>&1
  rc=$?
  if [ "$rc" != "$want" ] || ! grep -qF -- "$needle" "$tmp/out"; then
    echo "check-cli: FAILED: hetscope-probe $*: exit $rc (want $want), output:" >&2
    sed 's/^/  /' "$tmp/out" >&2
    failed=1
  fi
}

expect 0 "usage: hetscope-probe" --help
expect 2 "unknown argument --bogus" --bogus
expect 2 "--device abc: not a device number" --device abc
expect 2 "--device -1: not a device number" --device -1
expect 2 "--out needs a value" --out
expect 2 "--out needs a value" --out ""

# Device 4096 exists nowhere: exit 2 where there is a GPU, 1 where there is none.
"$probe" --device 4096 --out "$tmp/p.csv" >"$tmp/out" 2>&1
rc=$?
if [ "$rc" = 0 ] || [ -e "$tmp/p.csv" ] || [ -e "$tmp/p.csv.partial" ]; then
  echo "check-cli: FAILED: --device 4096 exited $rc or left a file" >&2
  failed=1
fi

[ "$failed" = 0 ] && echo "check-cli: the probe's command line behaves"
exit "$failed"
