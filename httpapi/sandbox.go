package httpapi

import (
	"context"
	_ "embed"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/provider/rules"
)

// samplePage is the sandbox's page: our own sample, so the sandbox fetches
// nothing and forks nobody's copy.
//
//go:embed sample/tidyflow.html
var samplePage string

// sandboxNote tells a sandbox caller what they are looking at.
const sandboxNote = "Sandbox: sample output, forked from Marketing Fork's built-in sample page (Tidyflow) with the built-in rules provider; a url you sent was checked but not fetched. To fork your own page, send it without X-Sandbox and with an API key."

// maxSandboxEntries bounds the sandbox cache. 12 profiles × 4 layers × a
// few language pairs fit many times over; the bound only stops a caller
// who cycles through language tags from growing it without end.
const maxSandboxEntries = 512

// sandbox makes and caches sample forks. A sample fork depends only on the
// profile, layer and languages, so each is made once and its encoded answer
// is served from memory afterwards.
type sandbox struct {
	forker *fork.Forker

	mu      sync.Mutex
	entries map[sandboxKey]*sandboxEntry
}

type sandboxKey struct{ profile, layer, source, target string }

// sandboxEntry is one cached answer; ready is closed once body or err is
// set, so concurrent first requests wait for one fork instead of making
// their own.
type sandboxEntry struct {
	ready chan struct{}
	body  []byte
	err   error
}

func (e *sandboxEntry) done() bool {
	select {
	case <-e.ready:
		return true
	default:
		return false
	}
}

// newSandbox builds the sandbox's Forker. It reuses the production
// provider when that is the rules provider (safe for concurrent use, and
// compiling its word tables takes a noticeable fraction of a second);
// otherwise it builds its own, so the sandbox never calls an LLM.
func newSandbox(production fork.Provider, now func() time.Time) *sandbox {
	p, ok := production.(*rules.Provider)
	if !ok {
		p = rules.New()
	}
	return &sandbox{
		forker:  fork.New(fork.WithProvider(p), fork.WithClock(now)),
		entries: map[sandboxKey]*sandboxEntry{},
	}
}

// get returns the encoded answer for req's profile, layer and languages,
// and its brand.
func (s *sandbox) get(req fork.Request) ([]byte, error) {
	if !req.Brand.IsZero() {
		// A brand's words are the caller's own: the answer is made for
		// them and not cached (a sample fork takes milliseconds).
		return s.make(req)
	}
	k := sandboxKey{
		profile: strings.ToLower(req.Profile),
		layer:   strings.ToLower(req.LanguageLayer),
		source:  strings.ToLower(req.SourceLanguage),
		target:  strings.ToLower(req.TargetLanguage),
	}
	s.mu.Lock()
	e, ok := s.entries[k]
	if !ok {
		if len(s.entries) >= maxSandboxEntries {
			for old, oe := range s.entries { // evict any finished entry
				if oe.done() {
					delete(s.entries, old)
					break
				}
			}
		}
		e = &sandboxEntry{ready: make(chan struct{})}
		s.entries[k] = e
	}
	s.mu.Unlock()
	if ok {
		<-e.ready
		return e.body, e.err
	}
	func() {
		// A panic in make must still release the requests waiting on this
		// entry, and leave an answer the next ones get instead of hanging.
		e.err = errSandboxPanicked
		defer close(e.ready)
		e.body, e.err = s.make(req)
	}()
	return e.body, e.err
}

// errSandboxPanicked is the cached answer of a sample fork that panicked:
// the panic itself reaches the API's recovery and becomes a 500.
var errSandboxPanicked = errors.New("the sample fork failed")

// make forks the sample page. It runs without the request's context: the
// sample is in memory and the rules provider is fast and offline, and an
// answer cut short by one client must not be cached for the others.
func (s *sandbox) make(req fork.Request) ([]byte, error) {
	res, err := s.forker.Fork(context.Background(), fork.Request{
		HTML:           samplePage,
		Profile:        req.Profile,
		LanguageLayer:  req.LanguageLayer,
		SourceLanguage: req.SourceLanguage,
		TargetLanguage: req.TargetLanguage,
		Brand:          req.Brand,
	})
	if err != nil {
		return nil, err
	}
	// The request is echoed without the sample page: it is the same for
	// every caller, and the fork's own html already shows it rebuilt.
	res.Request.HTML = ""
	res.Notes = append([]string{sandboxNote}, res.Notes...)
	return encodeJSON(forkResponse{Result: res, Sandbox: true})
}

// sandboxFork answers a sandbox fork: no fetch, no store write, no quota.
func (h *Handler) sandboxFork(w http.ResponseWriter, r *http.Request, req fork.Request) error {
	body, err := h.sandbox.get(req)
	if err != nil {
		return &forkFailure{err: err, req: req}
	}
	h.metrics.event(eventForkSandbox)
	reply{status: http.StatusOK, contentType: "application/json", body: body}.write(w)
	return nil
}
