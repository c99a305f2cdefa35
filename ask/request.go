package ask

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// maxBody bounds a POST body. A query is a sentence; a megabyte is far
// more than any honest one needs.
const maxBody = 1 << 20

// Modes of an answer, as NLWeb names them.
const (
	modeList      = "list"
	modeSummarize = "summarize"
	modeGenerate  = "generate"
)

// params are a request's NLWeb parameters, from the URL's query string and,
// on POST, a form or JSON body.
type params struct {
	query   string
	site    string
	prev    []string
	mode    string
	stream  bool
	queryID string
	// queryLoc is where the query is expected, for a 422: ["query",
	// "query"] in the query string, ["body", ...] in a JSON body.
	queryLoc []any
}

// requestError is a request the handler cannot read: a 422 in FastAPI's
// shape (loc and msg) or another status with a detail.
type requestError struct {
	status int
	loc    []any
	msg    string
}

func (e *requestError) Error() string { return e.msg }

// readParams reads a request's parameters. The query string is read on
// every method; a POST body (form or JSON, in either NLWeb body shape)
// overrides what the query string says.
func readParams(w http.ResponseWriter, r *http.Request) (params, error) {
	p := params{stream: true, mode: modeList, queryLoc: []any{"query", "query"}}
	q := r.URL.Query()
	if q.Has("query") && strings.TrimSpace(q.Get("query")) == "" {
		// A query parameter given empty is no query, whatever a body
		// says: the caller sent something it did not mean.
		return p, &requestError{status: http.StatusUnprocessableEntity, loc: p.queryLoc, msg: "Field required"}
	}
	applyValues(&p, q)
	if r.Method != http.MethodPost || r.Body == nil || r.Body == http.NoBody {
		return p, nil
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		if mb := (*http.MaxBytesError)(nil); errors.As(err, &mb) {
			return p, &requestError{status: http.StatusRequestEntityTooLarge, msg: fmt.Sprintf("request body too large: the limit is %d bytes", maxBody)}
		}
		return p, &requestError{status: http.StatusBadRequest, msg: "could not read the request body"}
	}
	if len(bytes.TrimSpace(body)) == 0 {
		return p, nil
	}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch {
	case ct == "application/json" || strings.HasSuffix(ct, "+json") || ct == "" && bytes.HasPrefix(bytes.TrimSpace(body), []byte("{")):
		return p, applyJSON(&p, body)
	case ct == "multipart/form-data":
		r.Body = io.NopCloser(bytes.NewReader(body))
		if err := r.ParseMultipartForm(maxBody); err != nil {
			return p, &requestError{status: http.StatusUnprocessableEntity, loc: []any{"body"}, msg: "could not read the form body"}
		}
		p.queryLoc = []any{"body", "query"}
		applyValues(&p, url.Values(r.MultipartForm.Value))
	default: // application/x-www-form-urlencoded, or a body without a type
		form, err := url.ParseQuery(string(body))
		if err != nil {
			return p, &requestError{status: http.StatusUnprocessableEntity, loc: []any{"body"}, msg: "could not read the form body"}
		}
		p.queryLoc = []any{"body", "query"}
		applyValues(&p, form)
	}
	return p, nil
}

// applyValues reads parameters from a query string or a form.
func applyValues(p *params, v url.Values) {
	if v.Has("query") {
		p.query = v.Get("query")
	}
	if v.Has("site") {
		p.site = v.Get("site")
	}
	if v.Has("prev") {
		p.prev = nil
		for _, s := range v["prev"] {
			p.prev = append(p.prev, splitPrev(s)...)
		}
	}
	for _, k := range []string{"generate_mode", "mode"} {
		if v.Has(k) {
			p.mode = readMode(v.Get(k))
		}
	}
	if v.Has("streaming") {
		p.stream = readBool(v.Get("streaming"), true)
	}
	if v.Has("query_id") {
		p.queryID = v.Get("query_id")
	}
}

// splitPrev reads one prev value: a JSON array of earlier queries (as
// NLWeb's own client sends), or a comma-separated list (as its REST
// documentation describes).
func splitPrev(s string) []string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "[") {
		var list []string
		if json.Unmarshal([]byte(s), &list) == nil {
			return list
		}
	}
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// readMode reads a mode, NLWeb's list, summarize or generate, in any case;
// anything else is list.
func readMode(s string) string {
	switch m := strings.ToLower(strings.TrimSpace(s)); m {
	case modeSummarize, modeGenerate:
		return m
	default:
		return modeList
	}
}

// readBool reads a flag: 0, false, no and off are false, 1, true, yes and
// on are true, anything else is def.
func readBool(s string, def bool) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "0", "false", "no", "off":
		return false
	case "1", "true", "yes", "on":
		return true
	}
	return def
}

// applyJSON reads a JSON body in NLWeb's flat shape ({"query": "…",
// "site": …, "prev": […], "mode": …, "streaming": …}) or its newer nested
// shape ({"query": {"text": …, "site": …}, "context": {"prev": […]},
// "prefer": {"streaming": …, "mode": …}}).
func applyJSON(p *params, body []byte) error {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return &requestError{status: http.StatusUnprocessableEntity, loc: []any{"body", se.Offset}, msg: "JSON decode error"}
		}
		return &requestError{status: http.StatusUnprocessableEntity, loc: []any{"body"}, msg: "Input should be a valid dictionary or object to extract fields from"}
	}
	p.queryLoc = []any{"body", "query"}
	if raw, ok := top["query"]; ok {
		var nested map[string]json.RawMessage
		if json.Unmarshal(raw, &nested) == nil {
			p.queryLoc = []any{"body", "query", "text"}
			if s, ok := jsonString(nested["text"]); ok {
				p.query = s
			} else if nested["text"] != nil && !isNull(nested["text"]) {
				return &requestError{status: http.StatusUnprocessableEntity, loc: p.queryLoc, msg: "Input should be a valid string"}
			}
			if s, ok := jsonString(nested["site"]); ok {
				p.site = s
			}
		} else if s, ok := jsonString(raw); ok {
			p.query = s
		} else if !isNull(raw) {
			return &requestError{status: http.StatusUnprocessableEntity, loc: p.queryLoc, msg: "Input should be a valid string"}
		}
	}
	if s, ok := jsonString(top["site"]); ok {
		p.site = s
	}
	if prev, ok := jsonStrings(top["prev"]); ok {
		p.prev = prev
	}
	if raw, ok := top["context"]; ok {
		var ctx struct {
			Prev json.RawMessage `json:"prev"`
		}
		if json.Unmarshal(raw, &ctx) == nil {
			if prev, ok := jsonStrings(ctx.Prev); ok {
				p.prev = prev
			}
		}
	}
	flags := []map[string]json.RawMessage{top}
	if raw, ok := top["prefer"]; ok {
		var prefer map[string]json.RawMessage
		if json.Unmarshal(raw, &prefer) == nil {
			flags = append(flags, prefer)
		}
	}
	for _, m := range flags {
		for _, k := range []string{"generate_mode", "mode"} {
			if s, ok := jsonString(m[k]); ok {
				p.mode = readMode(s)
			}
		}
		if raw, ok := m["streaming"]; ok {
			p.stream = jsonBool(raw, p.stream)
		}
	}
	if raw, ok := top["query_id"]; ok {
		if s, ok := jsonString(raw); ok {
			p.queryID = s
		} else if n, ok := jsonNumber(raw); ok {
			p.queryID = n
		}
	}
	return nil
}

func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

// jsonString reads a JSON string.
func jsonString(raw json.RawMessage) (string, bool) {
	var s string
	if raw == nil || json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// jsonNumber reads a JSON number as its text.
func jsonNumber(raw json.RawMessage) (string, bool) {
	var n json.Number
	if raw == nil || json.Unmarshal(raw, &n) != nil {
		return "", false
	}
	return n.String(), true
}

// jsonStrings reads a JSON array of strings, or one string in prev's
// comma-separated form.
func jsonStrings(raw json.RawMessage) ([]string, bool) {
	if raw == nil {
		return nil, false
	}
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		return list, true
	}
	if s, ok := jsonString(raw); ok {
		return splitPrev(s), true
	}
	return nil, false
}

// jsonBool reads a flag given as a JSON boolean, number or string.
func jsonBool(raw json.RawMessage, def bool) bool {
	var b bool
	if json.Unmarshal(raw, &b) == nil {
		return b
	}
	if s, ok := jsonString(raw); ok {
		return readBool(s, def)
	}
	if n, ok := jsonNumber(raw); ok {
		if f, err := strconv.ParseFloat(n, 64); err == nil {
			return f != 0
		}
	}
	return def
}
