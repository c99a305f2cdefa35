package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/provider/openai"
	"github.com/marketingfork/fork/provider/rules"
)

// providerConfig chooses the rewriting engine: the built-in rules provider
// (the default: offline, deterministic) or any OpenAI-compatible endpoint.
type providerConfig struct {
	name      string
	baseURL   string
	apiKey    string
	model     string
	maxTokens int
	// rewriteTimeout is the time budget of one fork's drafts; a single call
	// to the endpoint may take all of it (a local CPU model needs minutes).
	rewriteTimeout time.Duration
	// maxCopy bounds the copy of a page a fork reads, in bytes.
	maxCopy int
}

func (p providerConfig) build() (fork.Provider, error) {
	switch strings.ToLower(p.name) {
	case "", "rules":
		return rules.New(), nil
	case "openai":
		if p.model == "" {
			return nil, fmt.Errorf("%w: the openai provider needs a model: --model or MFORK_MODEL", errUsage)
		}
		return openai.New(openai.Config{BaseURL: p.baseURL, APIKey: p.apiKey, Model: p.model, MaxTokens: p.maxTokens, Timeout: p.rewriteTimeout})
	}
	return nil, fmt.Errorf("%w: --provider %q: use rules or openai", errUsage, p.name)
}

// maxRewriteTimeout bounds --rewrite-timeout: a fork that needs more than
// an hour is not one a caller waits for.
const maxRewriteTimeout = time.Hour

// maxMaxCopy bounds --max-copy: the body cap (5 MB) holds no more.
const maxMaxCopy = 5 << 20

// forkerOptions builds the provider and returns the Forker's options for
// it: the provider and its time budget.
func (p providerConfig) forkerOptions() ([]fork.Option, fork.Provider, error) {
	if p.rewriteTimeout < time.Second || p.rewriteTimeout > maxRewriteTimeout {
		return nil, nil, fmt.Errorf("%w: --rewrite-timeout must be between 1s and %s", errUsage, maxRewriteTimeout)
	}
	if p.maxCopy < 1<<10 || p.maxCopy > maxMaxCopy {
		return nil, nil, fmt.Errorf("%w: --max-copy must be between 1024 and %d bytes", errUsage, maxMaxCopy)
	}
	prov, err := p.build()
	if err != nil {
		return nil, nil, err
	}
	return []fork.Option{fork.WithProvider(prov), fork.WithRewriteTimeout(p.rewriteTimeout), fork.WithMaxCopy(p.maxCopy)}, prov, nil
}

// addProviderFlags adds the provider's flags, each defaulting to its
// environment variable, so a key never has to appear on a command line.
func addProviderFlags(fs *flag.FlagSet) *providerConfig {
	p := &providerConfig{}
	fs.StringVar(&p.name, "provider", env("MFORK_PROVIDER", "rules"), "rewriting engine: rules (built in) or openai (any OpenAI-compatible endpoint) (MFORK_PROVIDER)")
	fs.StringVar(&p.baseURL, "openai-base-url", env("OPENAI_BASE_URL", ""), "the endpoint's base URL, such as http://localhost:11434/v1 (OPENAI_BASE_URL; default: OpenAI's)")
	fs.StringVar(&p.model, "model", env("MFORK_MODEL", ""), "the model to ask (MFORK_MODEL)")
	fs.IntVar(&p.maxTokens, "max-tokens", envInt("MFORK_MAX_TOKENS", openai.DefaultMaxTokens), "the openai provider's token budget per fork, prompt and completion, both drafts together (MFORK_MAX_TOKENS)")
	fs.DurationVar(&p.rewriteTimeout, "rewrite-timeout", envDuration("MFORK_REWRITE_TIMEOUT", fork.DefaultRewriteTimeout),
		"the time budget of one fork's drafts, both tries together; a local model on a CPU needs minutes, such as 10m (MFORK_REWRITE_TIMEOUT)")
	fs.IntVar(&p.maxCopy, "max-copy", envInt("MFORK_MAX_COPY", fork.DefaultMaxCopy),
		"the most copy (bytes of the page's text) a fork reads; a page with more is refused as page_too_large (MFORK_MAX_COPY)")
	p.apiKey = os.Getenv("OPENAI_API_KEY")
	return p
}

// envDuration reads a duration ("10m") from the environment, or def when it
// is unset or does not parse.
func envDuration(name string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(name)); err == nil {
		return d
	}
	return def
}
