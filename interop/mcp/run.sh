#!/usr/bin/env bash
# Starts the real mfork binary on a loopback port with a fresh SQLite file
# and lists and calls its MCP tools with the official MCP TypeScript SDK:
# a client this project did not write.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'kill "${pid:-}" 2>/dev/null || true; rm -rf "$tmp"' EXIT

(cd "$root" && go build -o "$tmp/mfork" ./cmd/mfork)
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error)

"$tmp/mfork" serve --addr 127.0.0.1:0 --db "sqlite:$tmp/interop.db" > "$tmp/out" 2> "$tmp/log" &
pid=$!
for _ in $(seq 1 50); do
  base=$(sed -nE 's/.*listening on (http:\/\/[^ ]+).*/\1/p' "$tmp/out" | head -1)
  [ -n "$base" ] && break
  sleep 0.1
done
if [ -z "${base:-}" ]; then
  echo "mfork serve did not start:" >&2
  cat "$tmp/log" >&2
  exit 1
fi
node "$here/check.mjs" "$base"
