package httpapi

import (
	"context"
	"fmt"
	"github.com/marketingfork/fork/internal/apierr"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"
)

// window is one fixed-window quota.
type window struct {
	name   string // the policy's name in the RateLimit headers
	bucket string // the store's counter, without the window
	limit  int
	length time.Duration
	start  time.Time
}

// forkWindows are a key's fork quotas at now: the clock minute and the UTC
// day. Fixed windows cost one store row per key and window, on SQLite and
// on PostgreSQL alike, and every node sees the same count.
func (h *Handler) forkWindows(keyID string, now time.Time) []window {
	now = now.UTC()
	var ws []window
	if l := h.cfg.Limits.ForksPerMinute; l > 0 {
		ws = append(ws, window{name: "minute", bucket: "fork:m:" + keyID, limit: l, length: time.Minute, start: now.Truncate(time.Minute)})
	}
	if l := h.cfg.Limits.ForksPerDay; l > 0 {
		ws = append(ws, window{name: "day", bucket: "fork:d:" + keyID, limit: l, length: 24 * time.Hour,
			start: time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)})
	}
	return ws
}

// limitFork counts a fork request against the key's quotas and sets the
// RateLimit-Policy and RateLimit headers (draft-ietf-httpapi-ratelimit-
// headers, structured-field syntax) on w. Every window is counted; when one
// or more refuse the request, the hits are taken back from all of them, so
// a refused request spends no quota, Retry-After is the time until every
// refusing window has reopened, and RateLimit names the window that binds
// (the refusing one that reopens last). An allowed request's RateLimit
// names the quota closest to running out.
func (h *Handler) limitFork(ctx context.Context, w http.ResponseWriter, keyID string) error {
	now := h.now()
	ws := h.forkWindows(keyID, now)
	if len(ws) == 0 {
		return nil
	}
	policies := make([]string, len(ws))
	for i, win := range ws {
		policies[i] = fmt.Sprintf(`"%s";q=%d;w=%d`, win.name, win.limit, int(win.length.Seconds()))
	}
	w.Header().Set("RateLimit-Policy", strings.Join(policies, ", "))

	var (
		hit                        []window
		tightest                   string
		tightRemaining, tightReset = -1, 0
		binding                    *window
		bindingReset               int
	)
	for i, win := range ws {
		n, err := h.store.Hit(ctx, win.bucket, win.start)
		if err != nil {
			h.unhit(ctx, hit)
			return fmt.Errorf("count %s: %w", win.bucket, err)
		}
		hit = append(hit, win)
		reset := apierr.SecondsUntil(now, win.start.Add(win.length))
		remaining := max(win.limit-int(n), 0)
		if int(n) > win.limit {
			if binding == nil || reset > bindingReset {
				binding, bindingReset = &ws[i], reset
			}
			continue
		}
		if tightRemaining < 0 || remaining < tightRemaining {
			tightest, tightRemaining, tightReset = win.name, remaining, reset
		}
	}
	if binding != nil {
		h.unhit(ctx, hit)
		w.Header().Set("RateLimit", fmt.Sprintf(`"%s";r=0;t=%d`, binding.name, bindingReset))
		return apierr.RateLimited(fmt.Sprintf("rate limit exceeded: %d forks per %s for this key; retry in %d s", binding.limit, binding.name, bindingReset), bindingReset)
	}
	w.Header().Set("RateLimit", fmt.Sprintf(`"%s";r=%d;t=%d`, tightest, tightRemaining, tightReset))
	return nil
}

// unhit takes back a refused request's hits. It runs even when the client
// has gone, and a failure is logged, not returned: the request is already
// answered by the refusal.
func (h *Handler) unhit(ctx context.Context, ws []window) {
	ctx = context.WithoutCancel(ctx)
	for _, win := range ws {
		if err := h.store.Unhit(ctx, win.bucket, win.start); err != nil {
			h.log.LogAttrs(ctx, slog.LevelError, "take back a refused request's hit", slog.String("bucket", win.bucket), slog.String("error", err.Error()))
		}
	}
}

// limitKeys counts a key issue against the client address's hourly quota.
func (h *Handler) limitKeys(r *http.Request) error {
	return h.limitPerHour(r, "getkey", h.cfg.Limits.KeysPerHour, "key issues", "too many keys issued to your address")
}

// limitRegistrations counts an OAuth client registration against the
// client address's hourly quota.
func (h *Handler) limitRegistrations(r *http.Request) error {
	return h.limitPerHour(r, "oauthreg", h.cfg.Limits.ClientsPerHour, "client registrations", "too many OAuth clients registered from your address")
}

// limitPerHour counts one event in bucket against the client address's
// quota of limit per clock hour (none when limit is not positive); over
// it, the answer is a 429 that starts with refusal and says when to retry.
func (h *Handler) limitPerHour(r *http.Request, bucket string, limit int, what, refusal string) error {
	if limit <= 0 {
		return nil
	}
	now := h.now().UTC()
	start := now.Truncate(time.Hour)
	n, err := h.store.Hit(r.Context(), bucket+":"+h.clientAddr(r), start)
	if err != nil {
		return fmt.Errorf("count %s: %w", what, err)
	}
	if int(n) > limit {
		reset := apierr.SecondsUntil(now, start.Add(time.Hour))
		return apierr.RateLimited(fmt.Sprintf("%s: %d per hour; retry in %d s", refusal, limit, reset), reset)
	}
	return nil
}

// clientAddr is the client's address for per-address limits: the
// connection's peer, or with TrustProxy the last X-Forwarded-For entry (the
// one our proxy appended; earlier entries are whatever the client sent). An
// IPv6 client is counted by its /64, since one subscriber usually holds a
// whole /64 and could otherwise take a new address per request.
func (h *Handler) clientAddr(r *http.Request) string {
	host := r.RemoteAddr
	if hostOnly, _, err := net.SplitHostPort(host); err == nil {
		host = hostOnly
	}
	if h.cfg.TrustProxy {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			parts := strings.Split(xff[len(xff)-1], ",")
			if last := strings.TrimSpace(parts[len(parts)-1]); last != "" {
				host = last
			}
		}
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return "unknown"
	}
	addr = addr.Unmap().WithZone("")
	if addr.Is6() {
		return netip.PrefixFrom(addr, 64).Masked().String()
	}
	return addr.String()
}
