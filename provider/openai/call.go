package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	oai "github.com/openai/openai-go"
	"github.com/openai/openai-go/option"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/fault"
)

// outBlock is one block of the model's answer.
type outBlock struct {
	ID        int
	Text      string
	Rationale string
}

// errMalformed marks an answer that is not the JSON asked for.
var errMalformed = errors.New("malformed answer")

// rewriteChunk asks the model to rewrite briefs, in the endpoint's dialect
// (learnt from its refusals on the way), and asks once more after a
// malformed answer.
func (p *Provider) rewriteChunk(ctx context.Context, budget *tokenBudget, c prompt) ([]outBlock, usage, error) {
	var used usage
	system, user := c.system, c.user
	// Four characters a token, as chunk estimates; the answer repeats the
	// copy with a rationale per block, so it may need twice the copy.
	promptEst := int64(len(system)+len(user))/4 + 16
	wantCompletion := max(int64(len(user))/2, 1024)
	known := map[int]bool{}
	for _, b := range c.briefs {
		known[b.ID] = true
	}
	malformed := 0
	for {
		completion, err := budget.reserve(promptEst, wantCompletion)
		if err != nil {
			return nil, used, err
		}
		params := oai.ChatCompletionNewParams{
			Model:    p.cfg.Model,
			Messages: []oai.ChatCompletionMessageParamUnion{oai.SystemMessage(system), oai.UserMessage(user)},
		}
		a := p.dialect.current()
		opts := a.apply(&params, completion)
		resp, err := p.complete(ctx, params, opts)
		if err != nil {
			// A failed call is not charged: endpoints bill what they answer.
			budget.settle(promptEst+completion, 0)
			if p.dialect.learn(err, a) {
				continue
			}
			return nil, used, err
		}
		var content string
		if len(resp.Choices) > 0 {
			content = resp.Choices[0].Message.Content
		}
		u := usage{prompt: resp.Usage.PromptTokens, completion: resp.Usage.CompletionTokens}
		if u.prompt+u.completion == 0 {
			// The endpoint counts nothing (some local servers): charge
			// the estimates, so the budget still holds.
			u = usage{prompt: promptEst, completion: int64(len(content))/4 + 1}
		}
		budget.settle(promptEst+completion, u.prompt+u.completion)
		used.prompt += u.prompt
		used.completion += u.completion
		out, err := parse(content, known)
		if err == nil {
			return out, used, nil
		}
		if malformed++; malformed >= 2 {
			return nil, used, &unusableError{err: err}
		}
	}
}

// unusableError is a chunk the model answered twice with no usable JSON.
// It fails no fork: the chunk's blocks are left out of the draft, so
// verification names them, the retry asks for them again and those still
// missing keep their source text.
type unusableError struct{ err error }

func (e *unusableError) Error() string {
	return fmt.Sprintf("the model answered twice with no usable JSON: %v", e.err)
}

// parse reads the model's answer and checks it: a JSON object whose blocks
// each have a known id (once) and a string text.
func parse(content string, known map[int]bool) ([]outBlock, error) {
	content = strings.TrimSpace(content)
	// Some endpoints wrap JSON in a code fence even in JSON mode.
	if strings.HasPrefix(content, "```") {
		content = strings.TrimPrefix(strings.TrimPrefix(content, "```json"), "```")
		content = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(content), "```"))
	}
	var raw struct {
		Blocks []struct {
			ID        *int    `json:"id"`
			Text      *string `json:"text"`
			Rationale string  `json:"rationale"`
		} `json:"blocks"`
	}
	if err := json.Unmarshal([]byte(content), &raw); err != nil {
		// Small models write line breaks and tabs into strings raw.
		if json.Unmarshal([]byte(escapeControls(content)), &raw) != nil {
			return nil, fmt.Errorf("%w: %v", errMalformed, err)
		}
	}
	if raw.Blocks == nil {
		return nil, fmt.Errorf("%w: no blocks", errMalformed)
	}
	seen := map[int]bool{}
	out := make([]outBlock, 0, len(raw.Blocks))
	for i, b := range raw.Blocks {
		switch {
		case b.ID == nil:
			return nil, fmt.Errorf("%w: block %d has no id", errMalformed, i)
		case !known[*b.ID]:
			return nil, fmt.Errorf("%w: unknown block id %d", errMalformed, *b.ID)
		case seen[*b.ID]:
			return nil, fmt.Errorf("%w: block id %d twice", errMalformed, *b.ID)
		case b.Text == nil:
			return nil, fmt.Errorf("%w: block %d has no text", errMalformed, *b.ID)
		}
		seen[*b.ID] = true
		out = append(out, outBlock{ID: *b.ID, Text: *b.Text, Rationale: b.Rationale})
	}
	return out, nil
}

// escapeControls escapes the control characters inside the JSON strings
// of s, which JSON forbids there raw.
func escapeControls(s string) string {
	var b strings.Builder
	in, esc := false, false
	for _, r := range s {
		switch {
		case esc:
			esc = false
		case in && r == '\\':
			esc = true
		case r == '"':
			in = !in
		case in && r < 0x20:
			fmt.Fprintf(&b, "\\u%04x", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// complete makes one chat completion call, within the semaphore and the
// per-request timeout, retrying 429s, 5xx answers and connection failures
// with backoff. Its errors wrap fork.ErrProvider, and fork.ErrTimeout too
// when the endpoint was slow.
func (p *Provider) complete(ctx context.Context, params oai.ChatCompletionNewParams, opts []option.RequestOption) (*oai.ChatCompletion, error) {
	for attempt := 0; ; attempt++ {
		resp, wait, err := p.once(ctx, params, opts)
		if err == nil {
			return resp, nil
		}
		if wait < 0 || attempt >= p.cfg.Retries {
			return nil, err
		}
		if wait == 0 {
			wait = 250 * time.Millisecond << attempt
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, p.contextError(ctx)
		case <-t.C:
		}
	}
}

// once makes one call. wait is -1 when the error is final, otherwise how
// long to wait before trying again (0: the default backoff).
func (p *Provider) once(ctx context.Context, params oai.ChatCompletionNewParams, opts []option.RequestOption) (*oai.ChatCompletion, time.Duration, error) {
	select {
	case p.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, -1, p.contextError(ctx)
	}
	defer func() { <-p.sem }()
	rctx, cancel := context.WithTimeout(ctx, p.cfg.Timeout)
	defer cancel()
	resp, err := p.client.Chat.Completions.New(rctx, params, opts...)
	if err == nil {
		return resp, 0, nil
	}
	if ctx.Err() != nil {
		return nil, -1, p.contextError(ctx)
	}
	if errors.Is(err, context.DeadlineExceeded) || rctx.Err() != nil {
		return nil, -1, fault.ProviderTimeout("the LLM endpoint did not answer within %s (model %s): a local model on a CPU needs minutes; raise Config.Timeout (mfork's --rewrite-timeout, MFORK_REWRITE_TIMEOUT)", p.cfg.Timeout, p.cfg.Model)
	}
	var apiErr *oai.Error
	if errors.As(err, &apiErr) {
		e := &endpointError{api: apiErr, msg: fmt.Sprintf("%v: openai: the LLM endpoint answered %d %s: %s", fork.ErrProvider, apiErr.StatusCode, http.StatusText(apiErr.StatusCode), apiMessage(apiErr))}
		if _, refused := refusal(err); refused {
			// A refusal of the request's shape (even as a 500) is
			// answered by another dialect, not by asking again.
			return nil, -1, e
		}
		if apiErr.StatusCode == http.StatusTooManyRequests || apiErr.StatusCode >= 500 {
			return nil, retryAfter(apiErr.Response), e
		}
		return nil, -1, e
	}
	return nil, 0, fmt.Errorf("%w: openai: the LLM endpoint %s could not be reached: %v", fork.ErrProvider, p.endpoint(), err)
}

func (p *Provider) contextError(ctx context.Context) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fault.ProviderTimeout("the LLM endpoint did not answer within the fork's deadline")
	}
	return fmt.Errorf("%w: openai: %w", fork.ErrProvider, ctx.Err())
}

func (p *Provider) endpoint() string {
	if p.cfg.BaseURL == "" {
		return "https://api.openai.com/v1/"
	}
	return p.cfg.BaseURL
}

func apiMessage(e *oai.Error) string {
	if e.Message != "" {
		return e.Message
	}
	if raw := e.RawJSON(); raw != "" {
		return oneLine(raw)
	}
	return "no message"
}

// retryAfter reads Retry-After (seconds or an HTTP date), capped at five
// seconds; 0 means the default backoff.
func retryAfter(resp *http.Response) time.Duration {
	if resp == nil {
		return 0
	}
	v := strings.TrimSpace(resp.Header.Get("Retry-After"))
	if v == "" {
		return 0
	}
	var d time.Duration
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		d = time.Duration(s * float64(time.Second))
	} else if t, err := http.ParseTime(v); err == nil {
		d = time.Until(t)
	}
	if d <= 0 {
		return time.Millisecond
	}
	return min(d, maxRetryAfter)
}

// endpointError is an error answer of the endpoint: it wraps both
// fork.ErrProvider and the SDK's error, whose status the caller may read.
type endpointError struct {
	msg string
	api *oai.Error
}

func (e *endpointError) Error() string   { return e.msg }
func (e *endpointError) Unwrap() []error { return []error{fork.ErrProvider, e.api} }
