#!/usr/bin/env bash
# Runs the README's shell blocks in order, as a user would paste them into
# one terminal, on a clean clone of the committed tree: a README command
# that has gone stale fails `make lint`.
#
#   scripts/readme-run.sh            clone HEAD into a temporary directory and run
#   scripts/readme-run.sh --print    print the script the blocks make, run nothing
#
# Every ```sh block runs, unless the line before its fence is
# <!-- readme-run: skip (why) --> (make test itself, a command that needs a
# model). The blocks run with `set -euo pipefail`, so any failing command
# fails the run. Where unshare(1) may make a network namespace (Linux; not
# every CI container allows it), the blocks run inside one with only a
# loopback interface: they cannot reach the network, and their ports do not
# collide with anything else on the machine. Whatever the blocks leave
# running in the background is stopped at the end.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)

# blocks prints the README's runnable shell blocks, each after a comment
# naming the line it starts on.
blocks() {
	awk '
		/^<!-- readme-run: skip/ { skip = 1; next }
		/^```sh[[:space:]]*$/ && !inblock { inblock = 1; if (!skip) printf "\n# README.md:%d\n", NR; next }
		/^```/ && inblock { inblock = 0; skip = 0; next }
		inblock && !skip { print }
		!inblock && NF { skip = (skip && /^[[:space:]]*$/) }
	' "$1"
}

if [ "${1:-}" = "--print" ]; then
	blocks "$repo/README.md"
	exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/mfork-readme.XXXXXX")
cleanup() {
	# Stop what the blocks left in the background: every process of the
	# run's own session.
	if [ -n "${sid:-}" ]; then
		pkill -TERM -s "$sid" 2>/dev/null || true
		sleep 1
		pkill -KILL -s "$sid" 2>/dev/null || true
	fi
	rm -rf "$work"
}
trap cleanup EXIT

git clone -q "$repo" "$work/clone"
{
	echo 'set -euo pipefail'
	echo 'trap '"'"'echo "readme-run: failed at line $LINENO of the blocks (see the README.md:N comment above it)" >&2'"'"' ERR'
	blocks "$work/clone/README.md"
} > "$work/readme.sh"
echo "readme-run: $(grep -c '^# README.md:' "$work/readme.sh") blocks from README.md in a clean clone of $(git -C "$repo" rev-parse --short HEAD)"

cd "$work/clone"
runner=(bash "$work/readme.sh")
if unshare -rn true 2>/dev/null; then
	# Loopback only: a namespace of its own with lo up and nothing else.
	runner=(unshare -rn bash -c 'ip link set lo up && exec bash "$0"' "$work/readme.sh")
	export GOFLAGS="${GOFLAGS:-} -mod=readonly" GOPROXY=off
	echo "readme-run: in a network namespace with only loopback"
fi
# Its own session, so that cleanup can find everything it started.
# Their output goes to a log, shown when a block fails: the JSON of a fork
# is long, and only a failure needs reading.
setsid "${runner[@]}" >"$work/readme.log" 2>&1 &
pid=$!
sid=$pid
if ! wait "$pid"; then
	echo "readme-run: a README command failed; the last lines it and those before it wrote:" >&2
	tail -n 40 "$work/readme.log" >&2
	exit 1
fi
echo "readme-run: every block ran"
