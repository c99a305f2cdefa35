package httpapi

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/marketingfork/fork/internal/apierr"
	"github.com/marketingfork/fork/store"
)

// idemTTL is how long an Idempotency-Key is remembered.
const idemTTL = 24 * time.Hour

// maxIdemReply bounds a stored answer: a fork of a large page can be
// megabytes, and a key's replies must not fill the database. A larger
// answer is sent but not kept; the key then answers 422 saying so.
const maxIdemReply = 2 << 20

// bodyDigest is what identifies a request body for idempotency: the hash of
// its canonical JSON (object keys sorted, insignificant white space gone,
// numbers as written), so the same request with its fields in another
// order is the same request. A body that is not JSON is hashed as sent.
func bodyDigest(body []byte) [sha256.Size]byte {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil || dec.More() {
		return sha256.Sum256(body)
	}
	// encoding/json writes map keys sorted and json.Number as written.
	canon, err := json.Marshal(v)
	if err != nil {
		return sha256.Sum256(body)
	}
	return sha256.Sum256(canon)
}

// errIdemTooLarge is logged when an answer is too large to keep.
var errIdemTooLarge = errors.New("idempotent answer too large to keep")

// idempotencyKey reads the Idempotency-Key header: "" when absent, or a 422
// item when it is present but not 1 to 255 printable ASCII characters.
func idempotencyKey(r *http.Request) (string, []item) {
	vals, ok := r.Header[http.CanonicalHeaderKey("Idempotency-Key")]
	if !ok {
		return "", nil
	}
	key := ""
	if len(vals) > 0 {
		key = vals[0]
	}
	bad := len(vals) != 1 || len(key) < 1 || len(key) > 255 || key[0] == ' ' || key[len(key)-1] == ' '
	for i := 0; i < len(key) && !bad; i++ {
		bad = key[i] < 0x20 || key[i] > 0x7e
	}
	if bad {
		return "", []item{{Type: "value_error", Loc: []any{"header", "Idempotency-Key"},
			Msg:   "Value error, Idempotency-Key must be 1 to 255 printable ASCII characters, sent once",
			Input: key, Ctx: map[string]any{"error": "Idempotency-Key must be 1 to 255 printable ASCII characters, sent once"}}}
	}
	return key, nil
}

// idempotent runs a request at most once per (API key, Idempotency-Key):
// the first claims the key and its answer is stored; a repeat with the same
// body gets that answer again with Idempotent-Replayed: true; a repeat
// while the first still runs gets 409; the same key with another body gets
// 422. An answer a retry might change (5xx, 429, a client gone) is not
// stored, so the retry runs again.
func (h *Handler) idempotent(w http.ResponseWriter, r *http.Request, scope, key string, body []byte, run func() reply) error {
	ctx := r.Context()
	sum := bodyDigest(body)
	rec, claimed, err := h.store.BeginIdem(ctx, scope, key, sum[:], h.now(), idemTTL)
	if err != nil {
		return err
	}
	if !claimed {
		switch {
		case subtle.ConstantTimeCompare(rec.BodyHash, sum[:]) != 1:
			return &invalidError{items: []item{{Type: "idempotency_key_reused", Loc: []any{"header", "Idempotency-Key"},
				Msg:   "Idempotency-Key was already used with a different request body; send a new key with a new request",
				Input: key}}}
		case rec.State != store.IdemDone:
			return &apiError{status: http.StatusConflict, typ: "idempotency_conflict",
				detail: "a request with this Idempotency-Key is still running; retry when it has finished",
				header: http.Header{"Retry-After": {"1"}}}
		}
		h.metrics.event(eventForkReplayed)
		w.Header().Set("Idempotent-Replayed", "true")
		reply{status: rec.Status, contentType: rec.ContentType, body: rec.Body}.write(w)
		return nil
	}

	// Store calls after the fork must not fail because the client left.
	after := context.WithoutCancel(ctx)
	finished := false
	defer func() {
		// Reached without finishing on a retryable answer, and on a panic
		// while the request ran: then the record must not stay "running"
		// for a day and turn every retry into a 409.
		if !finished {
			if err := h.store.AbandonIdem(after, scope, key); err != nil {
				h.log.LogAttrs(after, slog.LevelError, "abandon idempotency record", slog.String("request_id", stateOf(r).id), slog.String("error", err.Error()))
			}
		}
	}()
	rp := run()
	if rp.status < 500 && rp.status != http.StatusTooManyRequests && rp.status != apierr.StatusClientClosed {
		kept := rp
		if len(rp.body) > maxIdemReply {
			kept = h.invalidReply(r, errIdemTooLarge, []item{{Type: "idempotency_reply_not_kept", Loc: []any{"header", "Idempotency-Key"},
				Msg: fmt.Sprintf("the answer to this Idempotency-Key was %d bytes, over the %d kept for replays, so it cannot be replayed; send a new key to run the request again",
					len(rp.body), maxIdemReply),
				Input: key}})
		}
		if err := h.store.FinishIdem(after, scope, key, kept.status, kept.contentType, kept.body); err != nil {
			h.log.LogAttrs(after, slog.LevelError, "store idempotent answer", slog.String("request_id", stateOf(r).id), slog.String("error", err.Error()))
		} else {
			finished = true
		}
	}
	rp.write(w)
	return nil
}
