package httpapi

import (
	"net/http"
	"testing"
	"time"
)

// TestRefusedRequestSpendsNoWindow: once the day is spent, a client that
// keeps retrying is told the day's Retry-After every time, never the
// minute's (its retries must not fill the minute), and a request the
// minute refuses does not spend the day.
func TestRefusedRequestSpendsNoWindow(t *testing.T) {
	e := newEnv(t, nil, withLimits(Limits{ForksPerMinute: 3, ForksPerDay: 2}))
	key, _ := e.newKey()
	fork := func() response { return e.do("POST", "/v1/fork", `{}`, "X-API-Key", key) }
	for range 2 {
		wantStatus(t, fork(), http.StatusUnprocessableEntity)
	}
	for i := range 10 {
		r := fork()
		wantStatus(t, r, http.StatusTooManyRequests)
		if got, want := r.header.Get("Retry-After"), "31834"; got != want {
			t.Fatalf("retry %d after the day was spent: Retry-After = %q; want %q (the day's)", i+1, got, want)
		}
		if got, want := r.header.Get("RateLimit"), `"day";r=0;t=31834`; got != want {
			t.Errorf("retry %d: RateLimit = %q; want %q", i+1, got, want)
		}
	}

	t.Run("the minute's refusals do not spend the day", func(t *testing.T) {
		e := newEnv(t, nil, withLimits(Limits{ForksPerMinute: 1, ForksPerDay: 3}))
		key, _ := e.newKey()
		fork := func() response { return e.do("POST", "/v1/fork", `{}`, "X-API-Key", key) }
		wantStatus(t, fork(), http.StatusUnprocessableEntity)
		for range 5 {
			r := fork()
			wantStatus(t, r, http.StatusTooManyRequests)
			if got, want := r.header.Get("RateLimit"), `"minute";r=0;t=34`; got != want {
				t.Errorf("RateLimit = %q; want %q", got, want)
			}
		}
		// Two more minutes: the day still has its two other forks.
		for i, at := range []time.Duration{70 * time.Second, 130 * time.Second} {
			e.clock.Set(start.Add(at))
			if r := fork(); r.status != http.StatusUnprocessableEntity {
				t.Errorf("minute %d: got %d; the day should still allow it (refused requests spent it)", i+2, r.status)
			}
		}
	})
	t.Run("both windows refuse: the later reopening wins", func(t *testing.T) {
		e := newEnv(t, nil, withLimits(Limits{ForksPerMinute: 1, ForksPerDay: 1}))
		key, _ := e.newKey()
		wantStatus(t, e.do("POST", "/v1/fork", `{}`, "X-API-Key", key), http.StatusUnprocessableEntity)
		r := e.do("POST", "/v1/fork", `{}`, "X-API-Key", key)
		wantStatus(t, r, http.StatusTooManyRequests)
		if got, want := r.header.Get("Retry-After"), "31834"; got != want {
			t.Errorf("Retry-After = %q; want %q (the day reopens last)", got, want)
		}
	})
}
