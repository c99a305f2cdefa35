#!/usr/bin/env bash
# A throwaway PostgreSQL for the test suite and the benchmarks: one cluster
# under a scratch directory, on loopback only, trust authentication, no
# fsync (its data is thrown away). `make test` and `make bench` start it and
# pass its address to the tests in MFORK_TEST_POSTGRES.
#
#   scripts/pgtest.sh start   start (or reuse) the cluster; print its URL
#   scripts/pgtest.sh stop    stop it and delete its directory
#   scripts/pgtest.sh run CMD start it, run CMD with MFORK_TEST_POSTGRES
#                             set, then stop it (a server named by an
#                             MFORK_TEST_POSTGRES already set is used instead)
#
# When no PostgreSQL server binaries are installed, start prints nothing and
# says so on stderr; the PostgreSQL tests then skip, unless
# MFORK_REQUIRE_POSTGRES=1 (as in CI), which makes them fail.
set -euo pipefail

dir=${MFORK_PGTEST_DIR:-${TMPDIR:-/tmp}/mfork-pgtest-$(id -u)}
port=${MFORK_PGTEST_PORT:-55432}
url="postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable"

bindir() {
	if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
		dirname "$(readlink -f "$(command -v pg_ctl)")"
		return
	fi
	# Debian keeps the server binaries off PATH, one directory per version.
	local d
	d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
	[ -n "$d" ] && [ -x "$d/initdb" ] && echo "$d"
}

# PostgreSQL refuses to run as root: as root, run its programs as the
# postgres user Debian's package creates.
as_owner() {
	if [ "$(id -u)" = 0 ]; then
		runuser -u postgres -- "$@"
	else
		"$@"
	fi
}

case "${1:-}" in
start)
	bin=$(bindir || true)
	if [ -z "$bin" ]; then
		echo "pgtest: no PostgreSQL server binaries (initdb, pg_ctl) found; the PostgreSQL tests will skip. Install them with: apt-get install postgresql" >&2
		exit 0
	fi
	if [ -f "$dir/data/postmaster.pid" ] && as_owner "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
		echo "$url"
		exit 0
	fi
	rm -rf "$dir"
	mkdir -p "$dir"
	if [ "$(id -u)" = 0 ]; then
		id postgres >/dev/null 2>&1 || { echo "pgtest: running as root needs the postgres user (apt-get install postgresql creates it)" >&2; exit 1; }
		chown postgres: "$dir"
	fi
	as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 ||
		{ cat "$dir/initdb.log" >&2; exit 1; }
	as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
		-o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=400 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
		start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
	echo "$url"
	;;
stop)
	bin=$(bindir || true)
	if [ -n "$bin" ] && [ -d "$dir/data" ]; then
		as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
	fi
	rm -rf "$dir"
	;;
run)
	shift
	if [ -n "${MFORK_TEST_POSTGRES:-}" ]; then
		exec "$@"
	fi
	u=$("$0" start)
	if [ -n "$u" ]; then
		export MFORK_TEST_POSTGRES=$u
		trap '"$0" stop' EXIT
	fi
	"$@"
	;;
*)
	echo "usage: $0 start|stop|run CMD..." >&2
	exit 2
	;;
esac
