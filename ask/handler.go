package ask

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/marketingfork/fork/internal/apierr"
	"github.com/marketingfork/fork/internal/host"
	"net/http"
	"net/url"
	"strings"

	"github.com/marketingfork/fork"
)

// ErrUnauthorized is what Config.Authenticate wraps when a request carries
// no key, or one that is not valid; the handler then calls
// Config.Unauthorized.
var ErrUnauthorized = apierr.ErrUnauthorized

// DefaultVersion is the NLWeb protocol version the answers follow, used
// when Config.Version is empty.
const DefaultVersion = "0.54"

// Config wires the /ask handler to the rest of the API.
type Config struct {
	// Forker makes production forks.
	Forker *fork.Forker
	// Slot, when set, is taken around each fork made with Forker (not
	// the sandbox's): the server's bound on forks run at once. It returns
	// the slot's release, or an error the catalog maps (server_busy).
	Slot func(ctx context.Context) (release func(), err error)
	// Sandbox makes sandbox forks (X-Sandbox: true) of SamplePage; it
	// should use the rules provider, so a sandbox fork fetches nothing and
	// calls no LLM.
	Sandbox *fork.Forker
	// SamplePage is the HTML page a sandbox fork rebuilds.
	SamplePage string
	// Authenticate checks a request's API key and returns its ID. Its
	// error wraps ErrUnauthorized when the key is missing or not valid;
	// any other error is a failure of the check itself.
	Authenticate func(r *http.Request) (keyID string, err error)
	// Unauthorized writes the API's 401 (JSON with WWW-Authenticate).
	Unauthorized func(w http.ResponseWriter, r *http.Request)
	// Invalid writes a 422 in FastAPI's shape, for a missing query or a
	// body that cannot be read.
	Invalid func(w http.ResponseWriter, r *http.Request, loc []any, msg string)
	// Version is the version _meta and the api_version message report;
	// DefaultVersion when empty.
	Version string
	// BaseURL returns the API's external address, for the links in
	// answers. When nil, it is taken from the request: its scheme (or
	// X-Forwarded-Proto), Host, and the path before /ask. A server behind
	// a proxy should set it from its configured base URL instead.
	BaseURL func(r *http.Request) string
}

// handler serves /ask.
type handler struct {
	cfg Config
}

// New returns the /ask handler. It needs Forker, Authenticate, Unauthorized
// and Invalid; Sandbox and SamplePage go together (without them, a
// sandbox request is answered with a note that there is no sandbox).
func New(cfg Config) (http.Handler, error) {
	var missing []string
	if cfg.Forker == nil {
		missing = append(missing, "Forker")
	}
	if cfg.Authenticate == nil {
		missing = append(missing, "Authenticate")
	}
	if cfg.Unauthorized == nil {
		missing = append(missing, "Unauthorized")
	}
	if cfg.Invalid == nil {
		missing = append(missing, "Invalid")
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("ask: the config needs %s", strings.Join(missing, ", "))
	}
	if (cfg.Sandbox == nil) != (strings.TrimSpace(cfg.SamplePage) == "") {
		return nil, errors.New("ask: Sandbox and SamplePage go together: set both or neither")
	}
	if cfg.Version == "" {
		cfg.Version = DefaultVersion
	}
	return &handler{cfg: cfg}, nil
}

// ServeHTTP answers GET and POST /ask. In order: the parameters (a missing
// query is a 422), the query's intent, the key when the intent is a fork
// outside the sandbox (a 401 when missing), then the answer, streamed as
// server-sent events unless streaming is off.
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodPost:
	default:
		w.Header().Set("Allow", "GET, HEAD, POST")
		writeJSON(w, http.StatusMethodNotAllowed, errorBody{
			Detail: fmt.Sprintf("method %s is not allowed on /ask: use GET or POST", r.Method),
			Status: http.StatusMethodNotAllowed, Type: "method_not_allowed", RequestID: requestID(w, r),
		})
		return
	}
	p, err := readParams(w, r)
	if err != nil {
		var re *requestError
		if errors.As(err, &re) && re.status == http.StatusUnprocessableEntity {
			h.cfg.Invalid(w, r, re.loc, re.msg)
			return
		}
		status := http.StatusBadRequest
		if re != nil {
			status = re.status
		}
		writeJSON(w, status, errorBody{Detail: err.Error(), Status: status, Type: errorType(status), RequestID: requestID(w, r)})
		return
	}
	if strings.TrimSpace(p.query) == "" {
		h.cfg.Invalid(w, r, p.queryLoc, "Field required")
		return
	}
	in := resolve(p)
	sandbox := strings.EqualFold(strings.TrimSpace(r.Header.Get("X-Sandbox")), "true")
	if in.Action == ActionFork && !sandbox && in.URL != "" {
		if _, err := h.cfg.Authenticate(r); err != nil {
			if errors.Is(err, ErrUnauthorized) {
				h.cfg.Unauthorized(w, r)
				return
			}
			writeJSON(w, http.StatusInternalServerError, errorBody{
				Detail: "could not check the API key; try again later", Status: http.StatusInternalServerError,
				Type: "internal", RequestID: requestID(w, r),
			})
			return
		}
	}
	if p.queryID == "" {
		p.queryID = newQueryID()
	}
	base := baseURL
	if h.cfg.BaseURL != nil {
		base = h.cfg.BaseURL
	}
	q := &query{h: h, r: r, p: p, in: in, sandbox: sandbox, base: base(r)}
	if p.stream {
		q.stream(w)
		return
	}
	q.respond(w)
}

// maxPrev bounds the earlier queries read: a conversation's context is its
// last few turns.
const maxPrev = 10

// resolve parses the query in the light of the earlier ones (prev) and the
// site: a fork that names no page takes the latest page named before, or
// the site when it is a web address, and what the query leaves open it
// takes from the earlier queries ("now in German").
func resolve(p params) parsed {
	cur := parse(p.query)
	if cur.Action != ActionFork {
		return cur
	}
	merged := cur
	for i := len(p.prev) - 1; i >= 0 && i >= len(p.prev)-maxPrev; i-- {
		if strings.TrimSpace(p.prev[i]) == "" {
			continue
		}
		old := parse(p.prev[i])
		fill := func(dst *string, src string) {
			if *dst == "" {
				*dst = src
			}
		}
		fill(&merged.URL, old.URL)
		fill(&merged.Profile, old.Profile)
		fill(&merged.Layer, old.Layer)
		// The language parts merge one by one ("now in French" after "in
		// German for Switzerland" is fr-CH), but a whole tag only when
		// the query names no language at all.
		if cur.tag == "" {
			if cur.lang == "" {
				fill(&merged.lang, old.lang)
			}
			if cur.region == "" {
				fill(&merged.region, old.region)
			}
			if cur.lang == "" && cur.region == "" {
				fill(&merged.tag, old.tag)
			}
		}
	}
	if merged.URL == "" {
		if u, ok := asURL(strings.TrimSpace(p.site)); ok {
			merged.URL = u
		}
	}
	merged.compose()
	return merged
}

// query is one request being answered.
type query struct {
	h       *handler
	r       *http.Request
	p       params
	in      parsed
	sandbox bool
	base    string
}

// message is one NLWeb message; a streamed answer sends one per event.
type message map[string]any

// stream writes the answer as server-sent events: api_version first, then
// the results (result_batch), then the summary (summarize mode) or the
// generated answer (nlws, generate mode), and complete last; each event is
// flushed as it is written. The work starts after api_version is out, so
// a client sees the stream open at once.
func (q *query) stream(w http.ResponseWriter) {
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream; charset=utf-8")
	hd.Set("Cache-Control", "no-cache")
	hd.Set("X-Accel-Buffering", "no")
	hd.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	send := func(m message) {
		m["query_id"] = q.p.queryID
		b, err := json.Marshal(m)
		if err != nil {
			b = []byte(`{"message_type":"error","message":"internal error"}`)
		}
		if _, err := fmt.Fprintf(w, "data: %s\n\n", b); err != nil {
			return
		}
		_ = rc.Flush()
	}
	send(message{"message_type": "api_version", "api_version": q.h.cfg.Version})
	a, err := q.answer()
	if err != nil {
		send(message{"message_type": "error", "message": "internal error: the answer could not be made; try again later"})
		send(message{"message_type": "complete"})
		return
	}
	send(message{"message_type": "result_batch", "results": a.results})
	switch q.p.mode {
	case modeSummarize:
		send(message{"message_type": "summary", "message": a.summary})
	case modeGenerate:
		send(message{"message_type": "nlws", "@type": "GeneratedAnswer", "answer": a.answer, "items": a.results})
	}
	send(message{"message_type": "complete"})
}

// respond writes the answer as one JSON object: _meta, query_id, results,
// and in summarize mode summary ({"message": …}), in generate mode nlws
// ({"answer": …, "items": […]}), as NLWeb collects its messages when it
// does not stream.
func (q *query) respond(w http.ResponseWriter) {
	a, err := q.answer()
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, errorBody{
			Detail: "internal error: the answer could not be made; try again later", Status: http.StatusInternalServerError,
			Type: "internal", RequestID: requestID(w, q.r),
		})
		return
	}
	body := answerBody{
		Meta:    meta{ResponseType: "Answer", Version: q.h.cfg.Version},
		QueryID: q.p.queryID,
		Results: a.results,
	}
	switch q.p.mode {
	case modeSummarize:
		body.Summary = &summaryBody{Message: a.summary}
	case modeGenerate:
		body.NLWS = &nlwsBody{Type: "GeneratedAnswer", Answer: a.answer, Items: a.results}
	}
	writeJSON(w, http.StatusOK, body)
}

// answerBody is a non-streamed answer.
type answerBody struct {
	Meta    meta         `json:"_meta"`
	QueryID string       `json:"query_id"`
	Results []result     `json:"results"`
	Summary *summaryBody `json:"summary,omitempty"`
	NLWS    *nlwsBody    `json:"nlws,omitempty"`
}

// meta is an answer's _meta: NLWeb's response type and version.
type meta struct {
	ResponseType string `json:"response_type"`
	Version      string `json:"version"`
}

// summaryBody is a summarize-mode answer's summary message.
type summaryBody struct {
	Message string `json:"message"`
}

// nlwsBody is a generate-mode answer's generated answer.
type nlwsBody struct {
	Type   string   `json:"@type"`
	Answer string   `json:"answer"`
	Items  []result `json:"items"`
}

// errorBody is the API's error body for everything but a 401 and a 422,
// with the same fields as the other routes' errors.
type errorBody struct {
	Detail    string `json:"detail"`
	Status    int    `json:"status"`
	Type      string `json:"type"`
	RequestID string `json:"request_id,omitempty"`
}

func errorType(status int) string {
	switch status {
	case http.StatusRequestEntityTooLarge:
		return "payload_too_large"
	case http.StatusBadRequest:
		return "bad_request"
	default:
		return "internal"
	}
}

// requestID is the request's ID as the API's middleware set it on the
// answer (or the client sent it), for an error body.
func requestID(w http.ResponseWriter, r *http.Request) string {
	if id := w.Header().Get("X-Request-Id"); id != "" {
		return id
	}
	return r.Header.Get("X-Request-Id")
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"detail":"internal error","status":500,"type":"internal"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// newQueryID makes a query ID for a request that brought none.
func newQueryID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return "q-" + hex.EncodeToString(b[:])
}

// baseURL is the API's external address: the request's scheme (or
// X-Forwarded-Proto) and host, and the path before /ask when the API is
// mounted under a prefix.
func baseURL(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	if p, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ","); p != "" {
		if p = strings.ToLower(strings.TrimSpace(p)); p == "http" || p == "https" {
			scheme = p
		}
	}
	path := r.URL.EscapedPath()
	if u, err := url.ParseRequestURI(r.RequestURI); err == nil && r.RequestURI != "" {
		path = u.EscapedPath()
	}
	prefix := ""
	if i := strings.LastIndex(strings.TrimRight(path, "/"), "/ask"); i >= 0 && strings.TrimRight(path, "/")[i:] == "/ask" {
		prefix = path[:i]
	}
	return scheme + "://" + host.Clean(r.Host) + prefix
}
