package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/apierr"
	"github.com/marketingfork/fork/internal/reqbody"
)

// forkResponse is POST /v1/fork's answer: the library's Result, the wire
// format, with the one field the API adds.
type forkResponse struct {
	// ID names a kept fork (a keyed fork: GET /v1/forks/{id}); sandbox
	// forks are not kept and have none.
	ID string `json:"id,omitempty"`
	*fork.Result
	// ExpiresAt is when a kept fork stops being served and is deleted.
	ExpiresAt *time.Time `json:"expires_at,omitempty"`
	// Sandbox says the fork is sample output from the built-in sample page
	// (X-Sandbox: true), not a fork of the requested URL.
	Sandbox bool `json:"sandbox"`
}

// sandboxRequested reports whether the request asks for the sandbox.
func sandboxRequested(r *http.Request) bool {
	return strings.EqualFold(strings.TrimSpace(r.Header.Get("X-Sandbox")), "true")
}

// fork handles POST /v1/fork. In order: the key (not needed in the
// sandbox), the key's quota, the body, then the sandbox's cached sample,
// an idempotent replay, or a fork.
//
// The quota is counted before the body is read, so malformed requests and
// replays count too: the limit is on requests a key sends, and every keyed
// answer can carry the RateLimit headers.
func (h *Handler) fork(w http.ResponseWriter, r *http.Request) error {
	sandbox := sandboxRequested(r)
	key, err := h.authenticate(r, !sandbox)
	if err != nil {
		return err
	}
	if !sandbox {
		if err := h.limitFork(r.Context(), w, key.ID); err != nil {
			return err
		}
	}
	body, err := reqbody.Read(r)
	if err != nil {
		return err
	}
	var (
		idemKey string
		items   []item
	)
	// FastAPI reports header problems before body problems. The sandbox
	// keeps nothing, so it ignores the key, but a malformed one is still
	// the caller's mistake to hear about.
	idemKey, items = idempotencyKey(r)
	req, bodyItems := decodeForkRequest(body)
	if sandbox {
		// The sandbox forks its own sample page: the contract's default
		// url "" is fine there.
		bodyItems = slices.DeleteFunc(bodyItems, func(it item) bool {
			return it.Type == "missing" && len(it.Loc) == 2 && it.Loc[1] == "url"
		})
	}
	if items = append(items, bodyItems...); len(items) > 0 {
		return &invalidError{items: items}
	}
	if sandbox {
		return h.sandboxFork(w, r, req)
	}
	if idemKey == "" {
		rp := h.runFork(r, key.ID, req)
		rp.write(w)
		return nil
	}
	return h.idempotent(w, r, key.ID, idemKey, body, func() reply { return h.runFork(r, key.ID, req) })
}

// runFork makes a production fork for the key owner, keeps it, and
// returns its answer, a failure mapped to its error answer included, so
// that the answer can be stored for an idempotent replay (which then names
// the same kept fork).
func (h *Handler) runFork(r *http.Request, owner string, req fork.Request) reply {
	res, err := h.keptRun(r, owner, req)
	if err == nil {
		var body []byte
		if body, err = encodeJSON(res); err == nil {
			h.metrics.event(eventForkProduction)
			return reply{status: http.StatusOK, contentType: "application/json", body: body}
		}
	}
	return h.errorReply(r, &forkFailure{err: err, req: req})
}

// keptRun forks the request's page and keeps the fork.
func (h *Handler) keptRun(r *http.Request, owner string, req fork.Request) (forkResponse, error) {
	run, source, err := h.forkSource(r, req)
	if err != nil {
		return forkResponse{}, err
	}
	// The slot bounds the work, not the wait for a page: a fork takes
	// one once its page is here.
	release, err := h.forkSlot(r.Context())
	if err != nil {
		return forkResponse{}, err
	}
	defer release()
	res, err := h.forker.Fork(r.Context(), run)
	if err != nil {
		return forkResponse{}, err
	}
	// The reply tells the request as the caller made it, not with the
	// page this server fetched for it inline.
	res.Request.HTML, res.Request.URL = req.HTML, req.URL
	rec, err := h.keep(r, owner, res.Request, res, source)
	if err != nil {
		return forkResponse{}, err
	}
	return keptResponse(rec, res), nil
}

// forkSlot waits, up to the queue's time, for one of the node's fork
// slots and returns its release; ErrBusy when none came free.
func (h *Handler) forkSlot(ctx context.Context) (func(), error) {
	if h.forkSlots == nil {
		return func() {}, nil
	}
	release := func() { <-h.forkSlots }
	select {
	case h.forkSlots <- struct{}{}:
		return release, nil
	default:
	}
	wait := h.cfg.ForkQueue
	if wait <= 0 {
		wait = 10 * time.Second
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case h.forkSlots <- struct{}{}:
		return release, nil
	case <-timer.C:
		return nil, fmt.Errorf("%w: %d forks are running on this node and none finished within %s", apierr.ErrBusy, cap(h.forkSlots), wait)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
