package httpapi

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"github.com/marketingfork/fork/internal/reqbody"
	"html/template"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/marketingfork/fork/internal/apikey"
)

//go:embed templates/*.html
var templateFiles embed.FS

// parsePages parses the embedded HTML templates.
func parsePages() (*template.Template, error) {
	return template.ParseFS(templateFiles, "templates/*.html")
}

// maxLabel bounds a key's label: it is a note for its owner, not a
// document.
const maxLabel = 100

// keyPageData fills the key page.
type keyPageData struct {
	Base      string
	MaxLabel  int
	Key       string
	KeyID     string
	Label     string
	CreatedAt string
}

// keyIssued is POST /get-key's JSON answer.
type keyIssued struct {
	// APIKey is the key. It is shown once and never stored.
	APIKey string `json:"api_key"`
	// KeyID names the key in logs and listings.
	KeyID string `json:"key_id"`
	// Prefix is the key's first characters, shown in listings.
	Prefix string `json:"prefix"`
	// CreatedAt is when the key was issued.
	CreatedAt time.Time `json:"created_at"`
	// Note reminds the caller to store the key.
	Note string `json:"note"`
}

// keyPage handles GET /get-key: a form that works without JavaScript.
func (h *Handler) keyPage(w http.ResponseWriter, r *http.Request) error {
	return h.page(w, http.StatusOK, keyPageData{Base: h.baseURL(r), MaxLabel: maxLabel})
}

// issueKey handles POST /get-key: it issues a key and shows it once, as
// HTML or, to a client that prefers application/json, as JSON. Issuing is
// limited per client address.
func (h *Handler) issueKey(w http.ResponseWriter, r *http.Request) error {
	label, err := readLabel(r)
	if err != nil {
		return err
	}
	if err := h.limitKeys(r); err != nil {
		return err
	}
	key, rec, err := apikey.New()
	if err != nil {
		return err
	}
	rec.Name, rec.CreatedAt = label, h.now().UTC()
	if err := h.store.CreateKey(r.Context(), rec); err != nil {
		return fmt.Errorf("store key: %w", err)
	}
	stateOf(r).keyID = rec.ID
	// The key must not stay in a browser's or a proxy's cache.
	w.Header().Set("Cache-Control", "no-store")
	if wantsJSON(r) {
		return writeJSON(w, http.StatusOK, keyIssued{APIKey: key, KeyID: rec.ID, Prefix: rec.Prefix, CreatedAt: rec.CreatedAt,
			Note: "store it now: it is shown once"})
	}
	return h.page(w, http.StatusOK, keyPageData{Base: h.baseURL(r), MaxLabel: maxLabel, Key: key, KeyID: rec.ID, Label: label,
		CreatedAt: rec.CreatedAt.Format(time.RFC1123)})
}

// wantsJSON reports whether a POST /get-key should be answered in JSON: the
// client ranks application/json above text/html, or ranks them equally
// (curl's */*) and did not post an HTML form.
func wantsJSON(r *http.Request) bool {
	accept := r.Header.Get("Accept")
	j, h := acceptQ(accept, "application/json"), acceptQ(accept, "text/html")
	if j != h {
		return j > h
	}
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return j > 0 && mt != "application/x-www-form-urlencoded" && mt != "multipart/form-data"
}

// readLabel reads the optional label from a form or a JSON body
// ({"label": "…"}) and checks it.
func readLabel(r *http.Request) (string, error) {
	body, err := reqbody.Read(r)
	if err != nil {
		return "", err
	}
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	isJSON := mt == "application/json" || strings.HasSuffix(mt, "+json")
	var label string
	switch {
	case len(body) == 0 || !isJSON && len(bytes.TrimSpace(body)) == 0:
		// No body is no label. A JSON body of white space only is no
		// JSON document, and is refused as one (Schemathesis sent " ").
	case isJSON:
		if se := checkJSON(body); se != nil {
			return "", &invalidError{items: []item{{Type: "json_invalid", Loc: []any{"body", se.pos}, Msg: "JSON decode error",
				Input: map[string]any{}, Ctx: map[string]any{"error": se.msg}}}}
		}
		var fields map[string]json.RawMessage
		// A JSON null decodes into a nil map without an error: it is not
		// an object either.
		if err := json.Unmarshal(body, &fields); err != nil || fields == nil {
			return "", &invalidError{items: []item{{Type: "model_attributes_type", Loc: []any{"body"},
				Msg: "Input should be a valid dictionary or object to extract fields from", Input: json.RawMessage(bytes.TrimSpace(body))}}}
		}
		if v, ok := fields["label"]; ok && string(v) != "null" {
			if err := json.Unmarshal(v, &label); err != nil {
				return "", &invalidError{items: []item{{Type: "string_type", Loc: bodyLoc("label"), Msg: "Input should be a valid string", Input: v}}}
			}
		}
	default:
		form, err := url.ParseQuery(string(body))
		if err != nil {
			return "", &invalidError{items: []item{{Type: "value_error", Loc: []any{"body"}, Msg: "Value error, the form is not URL-encoded",
				Input: truncate(string(body), 200), Ctx: map[string]any{"error": "the form is not URL-encoded"}}}}
		}
		label = form.Get("label")
	}
	// Control characters are refused before trimming: a label with a
	// newline at its end is not the label the caller typed.
	control := strings.IndexFunc(label, unicode.IsControl) >= 0
	label = strings.TrimSpace(label)
	if n := utf8.RuneCountInString(label); n > maxLabel {
		return "", &invalidError{items: []item{{Type: "string_too_long", Loc: bodyLoc("label"),
			Msg: fmt.Sprintf("String should have at most %d characters", maxLabel), Input: label, Ctx: map[string]any{"max_length": maxLabel}}}}
	}
	if control {
		return "", &invalidError{items: []item{{Type: "value_error", Loc: bodyLoc("label"), Msg: "Value error, the label must not hold control characters",
			Input: label, Ctx: map[string]any{"error": "the label must not hold control characters"}}}}
	}
	return label, nil
}

// page renders the key page.
func (h *Handler) page(w http.ResponseWriter, status int, data keyPageData) error {
	var buf bytes.Buffer
	if err := h.pages.ExecuteTemplate(&buf, "getkey.html", data); err != nil {
		return fmt.Errorf("render key page: %w", err)
	}
	reply{status: status, contentType: "text/html; charset=utf-8", body: buf.Bytes()}.write(w)
	return nil
}
