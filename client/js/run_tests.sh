#!/usr/bin/env bash
# Installs from the lockfile and runs the tests (Node 18+, Go, the checkout
# two levels up: the tests build and start the real server).
set -euo pipefail
cd "$(dirname "$0")"
npm ci --no-audit --no-fund
npm test
