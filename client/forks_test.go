package client

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/marketingfork/fork"
)

// keptLanding is landingPage with a US spelling, so that its en-GB fork
// changes a block: the built-in engine leaves landingPage's plain copy alone
// for a skeptic, and an export of no changes would prove nothing.
var keptLanding = strings.Replace(landingPage, "tastes like the first one.", "tastes like the first one, full of flavor.", 1)

func TestKeptForks(t *testing.T) {
	var changed atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		page := keptLanding
		if changed.Load() {
			page = strings.Replace(page, "Fresh coffee, delivered every month.", "Coffee roasted this week, at your door.", 1)
		}
		_, _ = io.WriteString(w, page)
	}))
	t.Cleanup(srv.Close)
	ctx := t.Context()
	c := newClient(t, WithAPIKey(freshKey(t, "kept")))
	other := newClient(t, WithAPIKey(freshKey(t, "other")))

	res, err := c.Fork(ctx, fork.Request{URL: srv.URL + "/", Profile: "skeptic", TargetLanguage: "en-GB"})
	if err != nil {
		t.Fatalf("Fork: %v", err)
	}
	if !strings.HasPrefix(res.ID, "fk_") || res.ExpiresAt == nil {
		t.Fatalf("Fork: id %q, expires_at %v; want a kept fork", res.ID, res.ExpiresAt)
	}

	got, err := c.GetFork(ctx, res.ID)
	if err != nil {
		t.Fatalf("GetFork: %v", err)
	}
	if got.ID != res.ID || got.HTML != res.HTML || len(got.Blocks) != len(res.Blocks) {
		t.Errorf("GetFork = %s with %d blocks; want %s as forked", got.ID, len(got.Blocks), res.ID)
	}
	var nf *Error
	if _, err := other.GetFork(ctx, res.ID); !errors.As(err, &nf) || nf.Status != http.StatusNotFound {
		t.Errorf("GetFork with another key: %v; want a 404 *Error", err)
	}

	page, err := c.ForkPage(ctx, res.ID)
	if err != nil {
		t.Fatalf("ForkPage: %v", err)
	}
	if !strings.Contains(string(page), `<base href="`+srv.URL+`/">`) {
		t.Errorf("ForkPage has no <base href> to the source:\n%s", page)
	}
	for _, format := range []string{"growthbook", "optimizely", "posthog", "patch"} {
		b, err := c.ExportFork(ctx, res.ID, format)
		if err != nil {
			t.Fatalf("ExportFork(%s): %v", format, err)
		}
		if !json.Valid(b) || !strings.Contains(string(b), "source_sha256") {
			t.Errorf("ExportFork(%s) is not a JSON export with drift hashes:\n%s", format, b)
		}
	}
	if _, err := c.ExportFork(ctx, res.ID, "excel"); !errors.As(err, &nf) || nf.Status != http.StatusUnprocessableEntity {
		t.Errorf("ExportFork(excel): %v; want a 422 *Error", err)
	}

	list, err := c.ListForks(ctx, "", 10)
	if err != nil {
		t.Fatalf("ListForks: %v", err)
	}
	if len(list.Forks) != 1 || list.Forks[0].ID != res.ID || list.NextCursor != "" {
		t.Errorf("ListForks = %+v; want just %s", list, res.ID)
	}

	d, err := c.Drift(ctx, res.ID)
	if err != nil || d.Drifted {
		t.Fatalf("Drift on the same page = %+v, %v; want none", d, err)
	}
	changed.Store(true)
	d, err = c.Drift(ctx, res.ID)
	if err != nil {
		t.Fatalf("Drift: %v", err)
	}
	if !d.Drifted || len(d.Changed) != 1 || d.Changed[0].Now != "Coffee roasted this week, at your door." {
		t.Errorf("Drift after the headline changed = %+v; want the headline", d)
	}

	if err := c.DeleteFork(ctx, res.ID); err != nil {
		t.Fatalf("DeleteFork: %v", err)
	}
	if _, err := c.GetFork(ctx, res.ID); !errors.As(err, &nf) || nf.Status != http.StatusNotFound {
		t.Errorf("GetFork after delete: %v; want a 404 *Error", err)
	}
}
