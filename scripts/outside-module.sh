#!/usr/bin/env bash
# Builds and runs the examples as another module would: a scratch module in
# a temporary directory requires github.com/marketingfork/fork through a
# replace directive pointing at this checkout, copies examples/ into it and
# runs scripts/outside-module/testdata/embed_test.go there, which mounts
# httpapi (examples/mount) on SQLite, PostgreSQL and the in-memory store and
# forks through the mounted prefix with the Go SDK.
#
# An import of an internal package fails the run twice over: the grep below
# names it, and the Go toolchain refuses to build it outside this module.
# PostgreSQL comes from scripts/pgtest.sh (make test runs this under it);
# without MFORK_TEST_POSTGRES that store is skipped, unless
# MFORK_REQUIRE_POSTGRES=1, as in CI.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/mfork-outside.XXXXXX")
trap 'rm -rf "$work"' EXIT
mod="$work/embedder"
mkdir -p "$mod"
cp -R "$repo/examples" "$mod/examples"
cp "$repo/scripts/outside-module/testdata/embed_test.go" "$mod/"
cp "$repo/httpapi/sample/tidyflow.html" "$mod/page.html"
# The checksums this checkout already trusts, so the scratch module needs
# no network for modules the repository already uses.
cp "$repo/go.sum" "$mod/go.sum"

if grep -rn '"github.com/marketingfork/fork/internal' "$mod"; then
	echo "outside-module: the lines above import an internal package, which no other module can" >&2
	exit 1
fi

cd "$mod"
cat > go.mod <<MOD
module example.com/embedder

go $(cd "$repo" && go list -m -f '{{.GoVersion}}')

require github.com/marketingfork/fork v0.0.0

replace github.com/marketingfork/fork => $repo
MOD
go mod tidy
go vet ./...
go build ./...
go test -count=1 "$@" .
