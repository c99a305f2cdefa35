package httpapi

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/export"
	"github.com/marketingfork/fork/internal/apierr"
	"github.com/marketingfork/fork/store"
)

// Defaults of keeping forks.
const (
	// defaultKeepForks is how long a keyed fork is kept unless
	// Config.KeepForks says otherwise.
	defaultKeepForks = 30 * 24 * time.Hour
	// purgeEvery is how often (in forks kept) expired forks are deleted in
	// bulk. Expired forks are never served whether or not they have been
	// purged; purging only keeps the store from growing.
	purgeEvery = 100
	// Page sizes of GET /v1/forks.
	defaultListLimit = 20
	maxListLimit     = 100
)

// pageCSP is the Content-Security-Policy of every forked page served: no
// script runs (the source's own scripts included: a variant page is copy
// and layout, and a page from someone else's site must not run as our
// origin), and the sandbox gives the page an opaque origin. Styles, images,
// fonts and media load from anywhere, so the page looks as it does on its
// own site, and its forms and links still work.
const pageCSP = "script-src 'none'; object-src 'none'; worker-src 'none'; " +
	"sandbox allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"

// newForkID returns a new fork ID: "fk_" and 128 bits of randomness, so
// an ID cannot be guessed.
func newForkID() string {
	return "fk_" + strings.ToLower(rand.Text())
}

// blockHashes are the fork's source blocks' hashes, where each block was:
// what the drift check compares the page with later. The hash is of the
// block's text as extracted, as the exports' drift guards carry it.
func blockHashes(res *fork.Result) []store.BlockHash {
	out := make([]store.BlockHash, 0, len(res.Blocks))
	for _, b := range res.Blocks {
		out = append(out, store.BlockHash{Block: b.ID, Path: b.Path, SHA256: textHash(b.Source)})
	}
	return out
}

func textHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// keep stores a production fork for its key and returns the record (its
// ID and times). source is the page as it was forked, nil when the Forker
// fetched it itself (no Config.Fetcher).
func (h *Handler) keep(r *http.Request, owner string, req fork.Request, res *fork.Result, source []byte) (store.Fork, error) {
	reqJSON, err := encodeJSON(req)
	if err != nil {
		return store.Fork{}, fmt.Errorf("encode request: %w", err)
	}
	resJSON, err := encodeJSON(res)
	if err != nil {
		return store.Fork{}, fmt.Errorf("encode result: %w", err)
	}
	now := h.now().UTC()
	rec := store.Fork{
		ID: newForkID(), Owner: owner, CreatedAt: now, ExpiresAt: now.Add(h.cfg.KeepForks),
		Request: reqJSON, Result: resJSON, Source: source, Blocks: blockHashes(res),
	}
	if h.kept.Add(1)%purgeEvery == 1 {
		if _, err := h.store.PurgeForks(r.Context(), now); err != nil {
			return store.Fork{}, fmt.Errorf("purge expired forks: %w", err)
		}
	}
	if err := h.store.CreateFork(r.Context(), rec); err != nil {
		return store.Fork{}, err
	}
	return rec, nil
}

// forkSource fetches the page of a keyed fork of a URL through
// Config.Fetcher, so the fork is made from, and kept with, exactly the
// bytes fetched. It returns the request to fork (the page inline, at the
// address it was fetched from), and the page; a request that carries its
// page inline, or a Handler without a Fetcher, is returned as it is, with
// the inline page or nil.
func (h *Handler) forkSource(r *http.Request, req fork.Request) (fork.Request, []byte, error) {
	if strings.TrimSpace(req.HTML) != "" {
		return req, []byte(req.HTML), nil
	}
	if h.cfg.Fetcher == nil {
		return req, nil, nil
	}
	page, err := h.cfg.Fetcher.Fetch(r.Context(), strings.TrimSpace(req.URL))
	if err != nil {
		return req, nil, err
	}
	inline := req
	inline.HTML, inline.URL = string(page.HTML), page.URL
	return inline, page.HTML, nil
}

// keptFork reads the key's fork named in the path: 404 for a fork that is
// not there, has expired, or is another key's.
func (h *Handler) keptFork(r *http.Request) (store.Fork, error) {
	key, err := h.authenticate(r, true)
	if err != nil {
		return store.Fork{}, err
	}
	rec, err := h.store.Fork(r.Context(), key.ID, r.PathValue("id"), h.now())
	if errors.Is(err, store.ErrNotFound) {
		return store.Fork{}, notKept(r.PathValue("id"))
	}
	return rec, err
}

// notKept is the 404 of a fork the key does not have.
func notKept(id string) error {
	return &apierr.Error{Sentinel: store.ErrNotFound,
		Detail: fmt.Sprintf("no fork %q for this key: it was never made with this key, was deleted, or has expired", id)}
}

// keptResult reads the key's fork named in the path, as keptFork does,
// and decodes its result.
func (h *Handler) keptResult(r *http.Request) (store.Fork, *fork.Result, error) {
	rec, err := h.keptFork(r)
	if err != nil {
		return store.Fork{}, nil, err
	}
	res, err := decodeResult(rec)
	if err != nil {
		return store.Fork{}, nil, err
	}
	return rec, res, nil
}

// decodeResult decodes a kept fork's result.
func decodeResult(rec store.Fork) (*fork.Result, error) {
	var res fork.Result
	if err := json.Unmarshal(rec.Result, &res); err != nil {
		return nil, fmt.Errorf("kept fork %s: decode result: %w", rec.ID, err)
	}
	return &res, nil
}

// keptResponse is a kept fork's answer: the fork as POST /v1/fork
// answered it.
func keptResponse(rec store.Fork, res *fork.Result) forkResponse {
	expires := rec.ExpiresAt
	return forkResponse{Result: res, ID: rec.ID, ExpiresAt: &expires}
}

// getFork handles GET /v1/forks/{id}.
func (h *Handler) getFork(w http.ResponseWriter, r *http.Request) error {
	rec, res, err := h.keptResult(r)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, keptResponse(rec, res))
}

// forkPage handles GET /v1/forks/{id}/page: the forked page as HTML, for a
// split-URL test or a look. It is the fork's own HTML, with a <base href>
// to the source so its CSS, images and links work, under a policy that
// runs no script; nothing is added to it but the <base>.
func (h *Handler) forkPage(w http.ResponseWriter, r *http.Request) error {
	_, res, err := h.keptResult(r)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Security-Policy", pageCSP)
	w.Header().Set("Referrer-Policy", "no-referrer")
	reply{status: http.StatusOK, contentType: "text/html; charset=utf-8",
		body: []byte(export.WithBase(res.HTML, res.SourceURL))}.write(w)
	return nil
}

// forkSummary is one fork in GET /v1/forks.
type forkSummary struct {
	ID        string          `json:"id"`
	CreatedAt time.Time       `json:"created_at"`
	ExpiresAt time.Time       `json:"expires_at"`
	Request   json.RawMessage `json:"request"`
}

// forkList is GET /v1/forks's answer.
type forkList struct {
	Forks []forkSummary `json:"forks"`
	// NextCursor fetches the next page (?cursor=); empty on the last.
	NextCursor string `json:"next_cursor"`
}

// listForks handles GET /v1/forks: the key's forks, newest first, a page
// at a time.
func (h *Handler) listForks(w http.ResponseWriter, r *http.Request) error {
	key, err := h.authenticate(r, true)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	var items []item
	for _, name := range []string{"limit", "cursor"} {
		if len(q[name]) > 1 {
			items = append(items, item{Type: "list_type", Loc: []any{"query", name}, Input: q[name],
				Msg: "Input should be one value, given once"})
		}
	}
	limit := defaultListLimit
	if q.Has("limit") {
		s := q.Get("limit")
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > maxListLimit {
			items = append(items, item{Type: "int_parsing", Loc: []any{"query", "limit"}, Input: s,
				Msg: fmt.Sprintf("Input should be a whole number from 1 to %d", maxListLimit)})
		} else {
			limit = n
		}
	}
	if len(items) > 0 {
		return &invalidError{items: items}
	}
	after, err := store.ParseForkCursor(q.Get("cursor"))
	if err != nil {
		return &apierr.Error{Sentinel: store.ErrInvalidCursor, Detail: err.Error() + ": pass next_cursor from the previous page as it is"}
	}
	forks, next, err := h.store.ListForks(r.Context(), key.ID, after, limit, h.now())
	if err != nil {
		return err
	}
	out := forkList{Forks: make([]forkSummary, len(forks)), NextCursor: next.String()}
	for i, f := range forks {
		out.Forks[i] = forkSummary{ID: f.ID, CreatedAt: f.CreatedAt, ExpiresAt: f.ExpiresAt, Request: f.Request}
	}
	return writeJSON(w, http.StatusOK, out)
}

// deleteFork handles DELETE /v1/forks/{id}.
func (h *Handler) deleteFork(w http.ResponseWriter, r *http.Request) error {
	key, err := h.authenticate(r, true)
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	if err := h.store.DeleteFork(r.Context(), key.ID, id); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return &apierr.Error{Sentinel: store.ErrNotFound, Detail: fmt.Sprintf("no fork %q for this key", id)}
		}
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// exportFork handles GET /v1/forks/{id}/export?format=…: the fork in an
// A/B testing tool's format, located on the page as it was forked.
func (h *Handler) exportFork(w http.ResponseWriter, r *http.Request) error {
	key, err := h.authenticate(r, true)
	if err != nil {
		return err
	}
	name := r.URL.Query().Get("format")
	f, err := export.ParseFormat(name)
	if err != nil {
		it := item{Type: "literal_error", Loc: []any{"query", "format"}, Input: name,
			Msg: "Input should be 'growthbook', 'optimizely', 'posthog', 'unbounce' or 'patch'"}
		if !r.URL.Query().Has("format") {
			it = item{Type: "missing", Loc: []any{"query", "format"}, Msg: "Field required"}
		}
		return &invalidError{items: []item{it}}
	}
	body, err := h.exported(r.Context(), key.ID, r.PathValue("id"), f)
	if err != nil {
		return err
	}
	if f == export.Unbounce {
		// A whole page served from our origin: the same policy as /page.
		w.Header().Set("Content-Security-Policy", pageCSP)
	}
	reply{status: http.StatusOK, contentType: f.ContentType(), body: body}.write(w)
	return nil
}

// exported writes owner's kept fork id in format f. The HTTP route and
// the MCP tool export_fork both call it.
func (h *Handler) exported(ctx context.Context, owner, id string, f export.Format) ([]byte, error) {
	rec, err := h.store.Fork(ctx, owner, id, h.now())
	if errors.Is(err, store.ErrNotFound) {
		return nil, notKept(id)
	}
	if err != nil {
		return nil, err
	}
	if len(rec.Source) == 0 {
		return nil, &apierr.Error{Sentinel: apierr.ErrSourceNotKept,
			Detail: fmt.Sprintf("fork %s was kept without its source page, which exports locate their selectors on: fork the page again", rec.ID)}
	}
	res, err := decodeResult(rec)
	if err != nil {
		return nil, err
	}
	ex, err := export.New(rec.Source, res)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := ex.Write(&buf, f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// exportTool is export_fork's Config.Export.
func (h *Handler) exportTool(ctx context.Context, keyID, id, format string) (string, string, error) {
	f, err := export.ParseFormat(format)
	if err != nil {
		return "", "", err
	}
	body, err := h.exported(ctx, keyID, id, f)
	if err != nil {
		return "", "", err
	}
	return string(body), f.ContentType(), nil
}

// driftBlock is one source block that is no longer as it was forked.
type driftBlock struct {
	// Block is the block's ID in the fork.
	Block int `json:"block"`
	// Path points at the block's element on the page at fork time.
	Path string `json:"path"`
	// Status is "changed" (the element reads differently now) or
	// "missing" (no element there now).
	Status string `json:"status"`
	// Was is the block's text when the fork was made.
	Was string `json:"was"`
	// Now is the element's text now; empty when missing.
	Now string `json:"now,omitempty"`
}

// driftReport is GET /v1/forks/{id}/drift's answer.
type driftReport struct {
	ID        string    `json:"id"`
	SourceURL string    `json:"source_url"`
	CheckedAt time.Time `json:"checked_at"`
	// Drifted says some block changed: the variant must not be served
	// until the page is forked again.
	Drifted bool `json:"drifted"`
	// Checked is how many blocks were compared.
	Checked int          `json:"checked"`
	Changed []driftBlock `json:"changed"`
}

// drift handles GET /v1/forks/{id}/drift: it fetches the source again
// through the Forker and lists the blocks whose text is no longer what
// the fork was made from.
func (h *Handler) drift(w http.ResponseWriter, r *http.Request) error {
	rec, res, err := h.keptResult(r)
	if err != nil {
		return err
	}
	if res.SourceURL == "" {
		return &apierr.Error{Sentinel: apierr.ErrNoSourceURL,
			Detail: fmt.Sprintf("fork %s was made from inline HTML without a url: there is no page to check it against", rec.ID)}
	}
	ex, err := h.forker.Extract(r.Context(), fork.Source{URL: res.SourceURL, Language: res.SourceLanguage})
	if err != nil {
		return &forkFailure{err: err, req: fork.Request{URL: res.SourceURL}}
	}
	now := map[string]string{}
	for _, b := range ex.Blocks {
		now[b.Path] = b.Text
	}
	out := driftReport{ID: rec.ID, SourceURL: res.SourceURL, CheckedAt: h.now().UTC(), Checked: len(rec.Blocks), Changed: []driftBlock{}}
	was := map[int]string{}
	for _, b := range res.Blocks {
		was[b.ID] = b.Source
	}
	for _, b := range rec.Blocks {
		text, ok := now[b.Path]
		switch {
		case !ok:
			out.Changed = append(out.Changed, driftBlock{Block: b.Block, Path: b.Path, Status: "missing", Was: was[b.Block]})
		case textHash(text) != b.SHA256:
			out.Changed = append(out.Changed, driftBlock{Block: b.Block, Path: b.Path, Status: "changed", Was: was[b.Block], Now: text})
		}
	}
	out.Drifted = len(out.Changed) > 0
	return writeJSON(w, http.StatusOK, out)
}
