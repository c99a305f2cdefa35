#!/usr/bin/env bash
# Install the client with its test extra into a fresh virtualenv under a
# temporary directory and run its tests (which build and start the Go server).
# Exits non-zero when anything fails.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
python="${PYTHON:-python3}"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

cd "$repo"
"$python" -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install -q './client/python[test]'
"$tmp/venv/bin/pytest" -q client/python/tests "$@"
