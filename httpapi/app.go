package httpapi

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"net/http"
	"strings"
)

// The marketer's screen at /app: one HTML page whose script and style
// are inline, allowed by their hashes, so the page runs nothing else.
var (
	//go:embed app/app.html
	appHTML string
	//go:embed app/app.js
	appJS string
	//go:embed app/app.css
	appCSS string
)

// appPage is /app's body and its Content-Security-Policy, built once.
type appPage struct {
	body []byte
	csp  string
}

// newAppPage puts the script and style into the page and allows exactly
// them: the page talks only to this server (connect-src 'self') and opens
// forked pages only as blob: documents that carry their own policy.
func newAppPage() appPage {
	hash := func(s string) string {
		sum := sha256.Sum256([]byte(s))
		return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	body := strings.Replace(strings.Replace(appHTML, "{{CSS}}", appCSS, 1), "{{JS}}", appJS, 1)
	return appPage{
		body: []byte(body),
		csp: "default-src 'none'; script-src " + hash(appJS) + "; style-src " + hash(appCSS) +
			"; connect-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
	}
}

// app handles GET /app.
func (h *Handler) app(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", h.appPage.csp)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "no-referrer")
	_, err := w.Write(h.appPage.body)
	return err
}
