#!/usr/bin/env bash
# schemathesis.sh: the contract fuzzer for the stress suite.
#
#   bash scripts/schemathesis.sh run CMD...   # make sure st exists, run CMD
#
# Schemathesis comes from PyPI into a virtualenv kept under
# $MFORK_SCHEMATHESIS_CACHE (default ~/.cache/mfork-schemathesis), keyed by
# the Python and Schemathesis versions, so it installs once per machine.
# During CMD the path of its `st` command is in MFORK_SCHEMATHESIS.
set -euo pipefail

SCHEMATHESIS_VERSION=${SCHEMATHESIS_VERSION:-4.32.5}
PYTHON=${PYTHON:-python3}
CACHE=${MFORK_SCHEMATHESIS_CACHE:-$HOME/.cache/mfork-schemathesis}

pyver=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
VENV="$CACHE/venv-py$pyver-st$SCHEMATHESIS_VERSION"

setup() {
	if [ -f "$VENV/.complete" ]; then
		return
	fi
	rm -rf "$VENV"
	mkdir -p "$CACHE"
	"$PYTHON" -m venv "$VENV"
	"$VENV/bin/pip" install --quiet --upgrade pip
	"$VENV/bin/pip" install --quiet "schemathesis==$SCHEMATHESIS_VERSION"
	touch "$VENV/.complete"
}

case "${1:-}" in
run)
	shift
	setup
	MFORK_SCHEMATHESIS="$VENV/bin/st" "$@"
	;;
*)
	echo "usage: $0 run CMD..." >&2
	exit 2
	;;
esac
