package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

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
}

func (p providerConfig) build() (fork.Provider, error) {
	switch strings.ToLower(p.name) {
	case "", "rules":
		return rules.New(), nil
	case "openai":
		if p.model == "" {
			return nil, fmt.Errorf("%w: the openai provider needs a model: --model or MFORK_MODEL", errUsage)
		}
		return openai.New(openai.Config{BaseURL: p.baseURL, APIKey: p.apiKey, Model: p.model, MaxTokens: p.maxTokens})
	}
	return nil, fmt.Errorf("%w: --provider %q: use rules or openai", errUsage, p.name)
}

// addProviderFlags adds the provider's flags, each defaulting to its
// environment variable, so a key never has to appear on a command line.
func addProviderFlags(fs *flag.FlagSet) *providerConfig {
	p := &providerConfig{}
	fs.StringVar(&p.name, "provider", env("MFORK_PROVIDER", "rules"), "rewriting engine: rules (built in) or openai (any OpenAI-compatible endpoint) (MFORK_PROVIDER)")
	fs.StringVar(&p.baseURL, "openai-base-url", env("OPENAI_BASE_URL", ""), "the endpoint's base URL, such as http://localhost:11434/v1 (OPENAI_BASE_URL; default: OpenAI's)")
	fs.StringVar(&p.model, "model", env("MFORK_MODEL", ""), "the model to ask (MFORK_MODEL)")
	fs.IntVar(&p.maxTokens, "max-tokens", envInt("MFORK_MAX_TOKENS", openai.DefaultMaxTokens), "the openai provider's token budget per fork, prompt and completion, both drafts together (MFORK_MAX_TOKENS)")
	p.apiKey = os.Getenv("OPENAI_API_KEY")
	return p
}
