package httpapi

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/marketingfork/fork/internal/apierr"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"github.com/marketingfork/fork/ask"
	"github.com/marketingfork/fork/mcpserver"
	"github.com/marketingfork/fork/skill"
)

// keyID authenticates a request for the agent endpoints, which answer
// their own 401s: it reports a missing or bad key as wrapping unauthorized,
// and anything else (the store down) as itself.
func (h *Handler) keyID(r *http.Request, unauthorized error) (string, error) {
	// agentQuota has checked a keyed request's key already; one store
	// lookup per request is enough.
	if id := stateOf(r).keyID; id != "" {
		return id, nil
	}
	k, err := h.authenticate(r, true)
	if err != nil {
		var ce *apierr.Error
		if errors.As(err, &ce) && errors.Is(err, apierr.ErrUnauthorized) {
			return "", fmt.Errorf("%w: %s", unauthorized, ce.Detail)
		}
		return "", err
	}
	return k.ID, nil
}

// newMCP builds the MCP endpoint: the same keys as the REST API, the same
// sandbox page and forker.
func (h *Handler) newMCP() (http.Handler, error) {
	return mcpserver.New(mcpserver.Config{
		Forker:     h.forker,
		Slot:       h.forkSlot,
		Sandbox:    h.sandbox.forker,
		SamplePage: samplePage,
		Authenticate: func(r *http.Request) (string, error) {
			return h.keyID(r, mcpserver.ErrUnauthorized)
		},
		Export:  h.exportTool,
		BaseURL: h.baseURL,
		Version: h.cfg.Version,
		Logger:  h.log,
	})
}

// mcp handles /mcp: the MCP server answers every method but OPTIONS, which
// the API's CORS preflight answers.
func (h *Handler) mcp(w http.ResponseWriter, r *http.Request) error {
	if err := h.agentQuota(w, r); err != nil {
		return err
	}
	sw := &shapeErrors{ResponseWriter: w}
	h.mcpServer.ServeHTTP(sw, r)
	sw.finish(r)
	return nil
}

// shapeErrors holds back an error the MCP transport writes as plain text
// (a malformed JSON-RPC body's 400, a method's 405, a content type's 415)
// and writes it in the API's JSON error shape instead. Answers that are
// JSON already, and every success, pass straight through.
type shapeErrors struct {
	http.ResponseWriter
	status int // the held-back error's status; 0 while passing through
	text   bytes.Buffer
}

func (s *shapeErrors) WriteHeader(code int) {
	if s.status == 0 && code >= 400 && !strings.HasPrefix(s.Header().Get("Content-Type"), "application/json") {
		s.status = code
		return
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *shapeErrors) Write(p []byte) (int, error) {
	if s.status == 0 {
		return s.ResponseWriter.Write(p)
	}
	if room := 1024 - s.text.Len(); room > 0 {
		s.text.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

// Flush passes through while the answer is not held back, so a stream is
// still a stream.
func (s *shapeErrors) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok && s.status == 0 {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (s *shapeErrors) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// finish writes the held-back error, if any.
func (s *shapeErrors) finish(r *http.Request) {
	if s.status == 0 {
		return
	}
	hd := s.Header()
	hd.Del("Content-Length")
	detail := strings.TrimSpace(s.text.String())
	if detail == "" {
		detail = http.StatusText(s.status)
	}
	body := mustJSON(errorBody{Detail: detail, Status: s.status, Type: statusType(s.status), RequestID: stateOf(r).id})
	reply{status: s.status, contentType: "application/json", body: body}.write(s.ResponseWriter)
}

// agentQuota spends the key's fork quota on a keyed request to /mcp or
// /ask: their tools fetch and fork as /v1/fork does, so a key must not get
// round its limits by using them. Every keyed request counts (an MCP
// session's handshake too), which errs on the side of the limit.
// Requests without a key are left to the endpoint, which answers the
// sandbox or a 401.
func (h *Handler) agentQuota(w http.ResponseWriter, r *http.Request) error {
	if _, given, _ := presentedKey(r); !given || r.Method == http.MethodDelete {
		return nil
	}
	k, err := h.authenticate(r, true)
	if err != nil {
		if errors.Is(err, apierr.ErrUnauthorized) {
			return nil // the endpoint answers the bad key itself, with its own challenge
		}
		return err // the check itself failed: a store that cannot be reached is a 503
	}
	return h.limitFork(r.Context(), w, k.ID)
}

// protectedResourceMCP handles GET
// /.well-known/oauth-protected-resource/mcp, the RFC 9728 metadata of the
// MCP endpoint that its 401s point at. An MCP client follows it to the
// authorization server and gets a key without a person copying one.
func (h *Handler) protectedResourceMCP(w http.ResponseWriter, r *http.Request) error {
	base := h.baseURL(r)
	return writeJSON(w, http.StatusOK, newResourceMetadata(base, base+"/mcp", "Marketing Fork MCP server"))
}

// llmsTxt handles GET /llms.txt: the service described for agents in the
// llmstxt.org format, its links resolved against this server's base.
func (h *Handler) llmsTxt(w http.ResponseWriter, r *http.Request) error {
	reply{status: http.StatusOK, contentType: "text/plain; charset=utf-8", body: []byte(skill.LLMSText(h.baseURL(r)))}.write(w)
	return nil
}

// skillFileExists reports whether name is one of the skill's files, by the
// same rules skillFile serves them.
func skillFileExists(name string) bool {
	if name == "" || strings.Contains(name, "..") || path.Clean(name) != name {
		return false
	}
	_, err := fs.Stat(skill.Files(), name)
	return err == nil
}

// skillFile handles GET /skill/{file...}: the agent skill's files as the
// binary ships them, so an agent can install the skill from the server.
func (h *Handler) skillFile(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("file")
	if !skillFileExists(name) {
		return errNotFound(r, h.endpoints(r))
	}
	b, err := fs.ReadFile(skill.Files(), name)
	if err != nil {
		return errNotFound(r, h.endpoints(r))
	}
	ctype := mime.TypeByExtension(path.Ext(name))
	switch path.Ext(name) {
	case ".md":
		ctype = "text/markdown; charset=utf-8"
	case ".json":
		ctype = "application/json"
	}
	if ctype == "" {
		ctype = "text/plain; charset=utf-8"
	}
	reply{status: http.StatusOK, contentType: ctype, body: b}.write(w)
	return nil
}

// newAsk builds the NLWeb /ask endpoint with the API's keys, sandbox, 401
// and 422 answers.
func (h *Handler) newAsk() (http.Handler, error) {
	return ask.New(ask.Config{
		BaseURL:    h.baseURL,
		Forker:     h.forker,
		Slot:       h.forkSlot,
		Sandbox:    h.sandbox.forker,
		SamplePage: samplePage,
		Authenticate: func(r *http.Request) (string, error) {
			return h.keyID(r, ask.ErrUnauthorized)
		},
		Unauthorized: func(w http.ResponseWriter, r *http.Request) {
			_, err := h.authenticate(r, true)
			if err == nil {
				err = h.unauthorized(r, false, "an API key is required to fork: send Authorization: Bearer <key>, or X-Sandbox: true for sample output")
			}
			h.writeError(w, r, err)
		},
		Invalid: func(w http.ResponseWriter, r *http.Request, loc []any, msg string) {
			typ := "value_error"
			switch msg {
			case "Field required":
				typ = "missing"
			case "JSON decode error":
				typ = "json_invalid"
			case "Input should be a valid string":
				typ = "string_type"
			}
			h.writeError(w, r, &invalidError{items: []item{{Type: typ, Loc: loc, Msg: msg, Input: nil}}})
		},
	})
}

// askNL handles GET and POST /ask.
func (h *Handler) askNL(w http.ResponseWriter, r *http.Request) error {
	if err := h.agentQuota(w, r); err != nil {
		return err
	}
	h.askServer.ServeHTTP(w, r)
	return nil
}
