package client

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// forkPath is the path of a kept fork, with anything after it.
func forkPath(id, rest string) string {
	return "/v1/forks/" + url.PathEscape(id) + rest
}

// GetFork returns a kept fork made with the client's key, as Fork
// answered it. A fork of another key, deleted or expired is an *Error
// with Status 404.
func (c *Client) GetFork(ctx context.Context, id string, opts ...CallOption) (*ForkResult, error) {
	var out ForkResult
	if _, err := c.do(ctx, http.MethodGet, forkPath(id, ""), nil, nil, "", nil, callOptions(opts), &out); err != nil {
		return nil, err
	}
	if out.Result == nil {
		return nil, fmt.Errorf("client: GET /v1/forks/%s: empty answer", id)
	}
	return &out, nil
}

// ForkSummary is one kept fork in a ForkList.
type ForkSummary struct {
	ID        string    `json:"id"`
	CreatedAt time.Time `json:"created_at"`
	ExpiresAt time.Time `json:"expires_at"`
	// Request is the fork request as made.
	Request json.RawMessage `json:"request"`
}

// ForkList is a page of the key's kept forks, newest first.
type ForkList struct {
	Forks []ForkSummary `json:"forks"`
	// NextCursor fetches the next page; empty on the last.
	NextCursor string `json:"next_cursor"`
}

// ListForks lists a page of the key's kept forks: cursor is "" for the
// first page and NextCursor after; limit is 1 to 100, or 0 for the
// server's default.
func (c *Client) ListForks(ctx context.Context, cursor string, limit int, opts ...CallOption) (*ForkList, error) {
	q := url.Values{}
	if cursor != "" {
		q.Set("cursor", cursor)
	}
	if limit != 0 {
		q.Set("limit", strconv.Itoa(limit))
	}
	var out ForkList
	if _, err := c.do(ctx, http.MethodGet, "/v1/forks", q, nil, "", nil, callOptions(opts), &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// DeleteFork deletes a kept fork now rather than when it expires.
func (c *Client) DeleteFork(ctx context.Context, id string, opts ...CallOption) error {
	_, err := c.do(ctx, http.MethodDelete, forkPath(id, ""), nil, nil, "", nil, callOptions(opts), nil)
	return err
}

// ForkPage returns the kept fork's page as the server serves it for a
// split-URL test: HTML with a <base href> to the source page.
func (c *Client) ForkPage(ctx context.Context, id string, opts ...CallOption) ([]byte, error) {
	var out []byte
	if _, err := c.do(ctx, http.MethodGet, forkPath(id, "/page"), nil, nil, "", nil, callOptions(opts), &out); err != nil {
		return nil, err
	}
	return out, nil
}

// ExportFork returns the kept fork in an A/B testing tool's format:
// "growthbook", "optimizely", "posthog" or "patch" (JSON), or "unbounce"
// (the page as HTML).
func (c *Client) ExportFork(ctx context.Context, id, format string, opts ...CallOption) ([]byte, error) {
	var out []byte
	q := url.Values{"format": {format}}
	if _, err := c.do(ctx, http.MethodGet, forkPath(id, "/export"), q, nil, "", nil, callOptions(opts), &out); err != nil {
		return nil, err
	}
	return out, nil
}

// DriftedBlock is a source block that is no longer as it was forked.
type DriftedBlock struct {
	Block int    `json:"block"`
	Path  string `json:"path"`
	// Status is "changed" or "missing".
	Status string `json:"status"`
	Was    string `json:"was"`
	Now    string `json:"now,omitempty"`
}

// DriftReport is the answer of Drift.
type DriftReport struct {
	ID        string    `json:"id"`
	SourceURL string    `json:"source_url"`
	CheckedAt time.Time `json:"checked_at"`
	// Drifted says some block changed: do not serve the variant until the
	// page is forked again.
	Drifted bool           `json:"drifted"`
	Checked int            `json:"checked"`
	Changed []DriftedBlock `json:"changed"`
}

// Drift fetches the kept fork's source page again and reports the blocks
// that changed since the fork was made.
func (c *Client) Drift(ctx context.Context, id string, opts ...CallOption) (*DriftReport, error) {
	var out DriftReport
	if _, err := c.do(ctx, http.MethodGet, forkPath(id, "/drift"), nil, nil, "", nil, callOptions(opts), &out); err != nil {
		return nil, err
	}
	return &out, nil
}
