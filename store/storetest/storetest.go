// Package storetest is the conformance suite for store.Store. Every
// implementation runs the same tests, so the HTTP API can rely on one
// behaviour whichever store a deployment picks.
//
// Beyond what the interface states, the suite pins down what it leaves open,
// so implementations agree:
//   - times round-trip to at least the millisecond;
//   - ListKeys orders keys created at the same instant by ID;
//   - revoking a revoked key succeeds and keeps the first revocation time;
//   - a duplicate key ID or hash is an error;
//   - an idempotency record is live while now - CreatedAt <= ttl, and a
//     running one only while now - CreatedAt <= store.IdemRunningTimeout;
//   - FinishIdem and AbandonIdem act on running records only and return
//     store.ErrNotFound when there is none (a done record is never dropped);
//   - Metrics orders rows byte-wise (PostgreSQL needs COLLATE "C");
//   - an OAuth client keeps its redirect URIs in the order given, and a
//     client registered without any reads back with none (nil or empty);
//   - a duplicate OAuth client ID or code hash is an error;
//   - an OAuth code can be taken while now is before ExpiresAt, and only
//     once: of concurrent takers exactly one gets it;
//   - taking a code as the wrong kind leaves it in place;
//   - a fork is seen only by its owner and only before ExpiresAt; listing
//     pages through it newest first, ties by ID descending, and a listed
//     fork carries no Result, Source or Blocks.
package storetest

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/marketingfork/fork/store"
)

// Run runs the conformance suite. open must return a new, empty store each
// time it is called; the suite closes every store it opens, so open should
// register with t.Cleanup only what the store itself does not release
// (temporary files, a scratch schema).
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	t.Helper()
	tests := []struct {
		name string
		run  func(t *testing.T, s store.Store)
	}{
		{"Ping", testPing},
		{"Kind", testKind},
		{"Keys", testKeys},
		{"KeyDuplicates", testKeyDuplicates},
		{"RevokeKey", testRevokeKey},
		{"IdemLifecycle", testIdemLifecycle},
		{"IdemNotFound", testIdemNotFound},
		{"IdemStaleRunning", testIdemStaleRunning},
		{"IdemScopes", testIdemScopes},
		{"IdemRace", testIdemRace},
		{"Hit", testHit},
		{"Unhit", testUnhit},
		{"CountKeys", testCountKeys},
		{"HitConcurrent", testHitConcurrent},
		{"Metrics", testMetrics},
		{"MetricsConcurrent", testMetricsConcurrent},
		{"OAuthClients", testOAuthClients},
		{"OAuthCodes", testOAuthCodes},
		{"OAuthCodeKinds", testOAuthCodeKinds},
		{"OAuthCodeExpiry", testOAuthCodeExpiry},
		{"OAuthCodeRace", testOAuthCodeRace},
		{"Forks", testForks},
		{"ForkPages", testForkPages},
		{"ForkExpiry", testForkExpiry},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			})
			tt.run(t, s)
		})
	}
}

// RunPersistence checks that data survives closing and re-opening a store.
// open(t, name) opens the store named name: calls with the same name within
// one test reach the same data, and a name not used before reaches a new,
// empty store. Names are short lower-case identifiers, so an implementation
// can use them as a file name (SQLite) or a schema or database name
// (PostgreSQL). The suite closes every store it opens.
func RunPersistence(t *testing.T, open func(t *testing.T, name string) store.Store) {
	t0 := start()
	t.Helper()
	ctx := t.Context()
	closeOnce := func(s store.Store) func() {
		var once sync.Once
		closeIt := func() {
			once.Do(func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			})
		}
		t.Cleanup(closeIt)
		return closeIt
	}

	first := open(t, "persist")
	closeFirst := closeOnce(first)

	key := store.Key{ID: "key_persist", Hash: hash("persist"), Prefix: "mf_pers", Name: "ci", CreatedAt: t0}
	must(t, first.CreateKey(ctx, key))
	must(t, first.RevokeKey(ctx, key.ID, t0.Add(time.Hour)))
	if _, claimed, err := first.BeginIdem(ctx, "key_persist", "idem-1", hash("body"), t0, day); err != nil || !claimed {
		t.Fatalf("BeginIdem = claimed %v, %v; want claimed", claimed, err)
	}
	window := currentWindow()
	must(t, first.FinishIdem(ctx, "key_persist", "idem-1", 201, "application/json", []byte(`{"id":1}`)))
	for range 2 {
		if _, err := first.Hit(ctx, "key_persist", window); err != nil {
			t.Fatalf("Hit: %v", err)
		}
	}
	metrics := []store.MetricRow{{Route: "/v1/fork", Method: "POST", Class: "2xx", Count: 7}}
	must(t, first.AddMetrics(ctx, metrics))
	client := store.OAuthClient{ID: "mfc_persist", Name: "Persisted", RedirectURIs: []string{"https://app.example/cb"}, CreatedAt: t0}
	must(t, first.CreateOAuthClient(ctx, client))
	code := oauthCode("persist", store.OAuthKindCode, t0)
	must(t, first.CreateOAuthCode(ctx, code))
	closeFirst()

	again := open(t, "persist")
	closeOnce(again)

	t.Run("key", func(t *testing.T) {
		got, err := again.KeyByHash(ctx, key.Hash)
		if err != nil {
			t.Fatalf("KeyByHash: %v", err)
		}
		want := key
		want.RevokedAt = t0.Add(time.Hour)
		if diff := cmp.Diff(want, got, approxTime()); diff != "" {
			t.Errorf("KeyByHash after re-open (-want +got):\n%s", diff)
		}
	})
	t.Run("idempotency record", func(t *testing.T) {
		got, claimed, err := again.BeginIdem(ctx, "key_persist", "idem-1", hash("body"), t0.Add(time.Minute), day)
		if err != nil {
			t.Fatalf("BeginIdem: %v", err)
		}
		want := store.Idem{
			Scope: "key_persist", Key: "idem-1", BodyHash: hash("body"), State: store.IdemDone,
			Status: 201, ContentType: "application/json", Body: []byte(`{"id":1}`), CreatedAt: t0,
		}
		if claimed {
			t.Errorf("BeginIdem after re-open claimed the key; want the stored record")
		}
		if diff := cmp.Diff(want, got, approxTime(), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("BeginIdem after re-open (-want +got):\n%s", diff)
		}
	})
	t.Run("rate window", func(t *testing.T) {
		got, err := again.Hit(ctx, "key_persist", window)
		if err != nil {
			t.Fatalf("Hit: %v", err)
		}
		if want := int64(3); got != want {
			t.Errorf("Hit after re-open: got %d; want %d", got, want)
		}
	})
	t.Run("metrics", func(t *testing.T) {
		got, err := again.Metrics(ctx)
		if err != nil {
			t.Fatalf("Metrics: %v", err)
		}
		if diff := cmp.Diff(metrics, got); diff != "" {
			t.Errorf("Metrics after re-open (-want +got):\n%s", diff)
		}
	})
	t.Run("oauth client", func(t *testing.T) {
		got, err := again.OAuthClient(ctx, client.ID)
		if err != nil {
			t.Fatalf("OAuthClient: %v", err)
		}
		if diff := cmp.Diff(client, got, approxTime()); diff != "" {
			t.Errorf("OAuthClient after re-open (-want +got):\n%s", diff)
		}
	})
	t.Run("oauth code", func(t *testing.T) {
		got, err := again.TakeOAuthCode(ctx, store.OAuthKindCode, code.Hash, t0)
		if err != nil {
			t.Fatalf("TakeOAuthCode: %v", err)
		}
		if diff := cmp.Diff(code, got, approxTime()); diff != "" {
			t.Errorf("TakeOAuthCode after re-open (-want +got):\n%s", diff)
		}
	})
	t.Run("other name is empty", func(t *testing.T) {
		other := open(t, "other")
		closeOnce(other)
		got, err := other.ListKeys(ctx)
		if err != nil {
			t.Fatalf("ListKeys: %v", err)
		}
		if len(got) != 0 {
			t.Errorf("ListKeys on a new name: got %d keys; want none", len(got))
		}
	})
}

// day is the idempotency TTL the API uses.
const day = 24 * time.Hour

// start is the time scenarios start at. It has nanoseconds and a zone other
// than UTC, so a store that keeps less than milliseconds or mishandles zones
// shows it.
func start() time.Time {
	return time.Date(2025, 3, 4, 5, 6, 7, 891_234_567, time.FixedZone("CET", 3600))
}

// currentWindow is a rate-limit window starting this minute. Windows are
// taken from the clock, unlike the other times in the suite, so that a store
// may prune windows by its own clock without losing the ones under test.
func currentWindow() time.Time { return time.Now().UTC().Truncate(time.Minute) }

// approxTime compares instants to the millisecond, the precision the suite
// asks of every store.
func approxTime() cmp.Option { return cmpopts.EquateApproxTime(time.Millisecond) }

// hash is SHA-256 of s, standing in for a key or body hash.
func hash(s string) []byte {
	h := sha256.Sum256([]byte(s))
	return h[:]
}

// must stops the test on an error from a setup step.
func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func testPing(t *testing.T, s store.Store) {
	if err := s.Ping(t.Context()); err != nil {
		t.Errorf("Ping: got %v; want nil", err)
	}
}

func testKind(t *testing.T, s store.Store) {
	if got := s.Kind(); got == "" {
		t.Errorf("Kind: got %q; want a name", got)
	}
}

func testKeys(t *testing.T, s store.Store) {
	t0 := start()
	ctx := t.Context()
	// Created out of order, so ListKeys must sort; two share an instant, so
	// the ID breaks the tie.
	keys := []store.Key{
		{ID: "key_a", Hash: hash("a"), Prefix: "mf_aaa", Name: "newest", CreatedAt: t0.Add(2 * time.Hour)},
		{ID: "key_z", Hash: hash("z"), Prefix: "mf_zzz", Name: "alice@example.com", CreatedAt: t0},
		{ID: "key_m2", Hash: hash("m2"), Prefix: "mf_mm2", Name: "", CreatedAt: t0.Add(time.Hour),
			RevokedAt: t0.Add(90 * time.Minute)},
		{ID: "key_m1", Hash: hash("m1"), Prefix: "mf_mm1", Name: "ci", CreatedAt: t0.Add(time.Hour)},
	}

	got, err := s.ListKeys(ctx)
	if err != nil {
		t.Fatalf("ListKeys on an empty store: %v", err)
	}
	if len(got) != 0 {
		t.Fatalf("ListKeys on an empty store: got %d keys; want none", len(got))
	}

	for _, k := range keys {
		must(t, s.CreateKey(ctx, k))
	}

	for _, want := range keys {
		t.Run("KeyByHash/"+want.ID, func(t *testing.T) {
			got, err := s.KeyByHash(ctx, want.Hash)
			if err != nil {
				t.Fatalf("KeyByHash: %v", err)
			}
			if diff := cmp.Diff(want, got, approxTime()); diff != "" {
				t.Errorf("KeyByHash (-want +got):\n%s", diff)
			}
			if got.RevokedAt.IsZero() != want.RevokedAt.IsZero() {
				t.Errorf("RevokedAt.IsZero: got %v; want %v", got.RevokedAt.IsZero(), want.RevokedAt.IsZero())
			}
		})
	}

	t.Run("KeyByHash/unknown", func(t *testing.T) {
		_, err := s.KeyByHash(ctx, hash("nobody"))
		if !errors.Is(err, store.ErrNotFound) {
			t.Errorf("KeyByHash(unknown): got %v; want ErrNotFound", err)
		}
	})

	t.Run("ListKeys", func(t *testing.T) {
		got, err := s.ListKeys(ctx)
		if err != nil {
			t.Fatalf("ListKeys: %v", err)
		}
		want := []store.Key{keys[1], keys[3], keys[2], keys[0]}
		if diff := cmp.Diff(want, got, approxTime()); diff != "" {
			t.Errorf("ListKeys (-want +got):\n%s", diff)
		}
	})
}

func testKeyDuplicates(t *testing.T, s store.Store) {
	t0 := start()
	ctx := t.Context()
	orig := store.Key{ID: "key_1", Hash: hash("1"), Prefix: "mf_111", Name: "one", CreatedAt: t0}
	must(t, s.CreateKey(ctx, orig))

	tests := []struct {
		name string
		key  store.Key
	}{
		{"same id", store.Key{ID: "key_1", Hash: hash("other"), Prefix: "mf_oth", Name: "dup id", CreatedAt: t0.Add(time.Second)}},
		{"same hash", store.Key{ID: "key_2", Hash: hash("1"), Prefix: "mf_111", Name: "dup hash", CreatedAt: t0.Add(time.Second)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := s.CreateKey(ctx, tt.key); err == nil {
				t.Errorf("CreateKey(%s): got nil; want an error", tt.name)
			}
		})
	}

	got, err := s.ListKeys(ctx)
	if err != nil {
		t.Fatalf("ListKeys: %v", err)
	}
	if diff := cmp.Diff([]store.Key{orig}, got, approxTime()); diff != "" {
		t.Errorf("ListKeys after refused duplicates (-want +got):\n%s", diff)
	}
}

func testRevokeKey(t *testing.T, s store.Store) {
	t0 := start()
	ctx := t.Context()
	k := store.Key{ID: "key_r", Hash: hash("r"), Prefix: "mf_rrr", Name: "revoke me", CreatedAt: t0}
	must(t, s.CreateKey(ctx, k))
	first := t0.Add(time.Hour)

	tests := []struct {
		name        string
		id          string
		at          time.Time
		wantErr     error
		wantRevoked time.Time
	}{
		{"unknown id", "key_nope", first, store.ErrNotFound, time.Time{}},
		{"revoke", "key_r", first, nil, first},
		{"again keeps the first time", "key_r", first.Add(time.Hour), nil, first},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := s.RevokeKey(ctx, tt.id, tt.at)
			if !errors.Is(err, tt.wantErr) || (tt.wantErr == nil && err != nil) {
				t.Fatalf("RevokeKey(%q): got %v; want %v", tt.id, err, tt.wantErr)
			}
			got, err := s.KeyByHash(ctx, k.Hash)
			if err != nil {
				t.Fatalf("KeyByHash of a revoked key: got %v; want the key", err)
			}
			want := k
			want.RevokedAt = tt.wantRevoked
			if diff := cmp.Diff(want, got, approxTime()); diff != "" {
				t.Errorf("KeyByHash after RevokeKey (-want +got):\n%s", diff)
			}
		})
	}

	got, err := s.ListKeys(ctx)
	if err != nil {
		t.Fatalf("ListKeys: %v", err)
	}
	want := k
	want.RevokedAt = first
	if diff := cmp.Diff([]store.Key{want}, got, approxTime()); diff != "" {
		t.Errorf("ListKeys after RevokeKey (-want +got):\n%s", diff)
	}
}

// idemStep is one call in an idempotency scenario.
type idemStep struct {
	name string
	op   string // "begin", "finish" or "abandon"

	body string    // begin: the request body, hashed
	now  time.Time // begin

	status      int    // finish
	contentType string // finish
	respBody    string // finish

	want        store.Idem // begin
	wantClaimed bool       // begin
	wantErr     error      // finish, abandon
}

// runIdemSteps runs the steps in order on (scope, key).
func runIdemSteps(t *testing.T, s store.Store, scope, key string, steps []idemStep) {
	t.Helper()
	ctx := t.Context()
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			switch st.op {
			case "begin":
				got, claimed, err := s.BeginIdem(ctx, scope, key, hash(st.body), st.now, day)
				if err != nil {
					t.Fatalf("BeginIdem: %v", err)
				}
				if claimed != st.wantClaimed {
					t.Errorf("BeginIdem claimed: got %v; want %v", claimed, st.wantClaimed)
				}
				want := st.want
				want.Scope, want.Key = scope, key
				if diff := cmp.Diff(want, got, approxTime(), cmpopts.EquateEmpty()); diff != "" {
					t.Errorf("BeginIdem record (-want +got):\n%s", diff)
				}
			case "finish":
				err := s.FinishIdem(ctx, scope, key, st.status, st.contentType, []byte(st.respBody))
				if !errors.Is(err, st.wantErr) || (st.wantErr == nil && err != nil) {
					t.Errorf("FinishIdem: got %v; want %v", err, st.wantErr)
				}
			case "abandon":
				err := s.AbandonIdem(ctx, scope, key)
				if !errors.Is(err, st.wantErr) || (st.wantErr == nil && err != nil) {
					t.Errorf("AbandonIdem: got %v; want %v", err, st.wantErr)
				}
			default:
				t.Fatalf("unknown op %q", st.op)
			}
		})
	}
}

func testIdemLifecycle(t *testing.T, s store.Store) {
	t0 := start()
	running := func(body string, created time.Time) store.Idem {
		return store.Idem{BodyHash: hash(body), State: store.IdemRunning, CreatedAt: created}
	}
	done := store.Idem{
		BodyHash: hash("A"), State: store.IdemDone, Status: 200,
		ContentType: "application/json", Body: []byte(`{"ok":true}`), CreatedAt: t0,
	}
	expired := t0.Add(day + time.Millisecond)
	runIdemSteps(t, s, "key_1", "idem-1", []idemStep{
		{name: "first claims", op: "begin", body: "A", now: t0,
			want: running("A", t0), wantClaimed: true},
		{name: "repeat while running", op: "begin", body: "A", now: t0.Add(time.Second),
			want: running("A", t0)},
		{name: "other body while running", op: "begin", body: "B", now: t0.Add(2 * time.Second),
			want: running("A", t0)},
		{name: "finish", op: "finish", status: 200, contentType: "application/json", respBody: `{"ok":true}`},
		{name: "repeat when done", op: "begin", body: "A", now: t0.Add(3 * time.Second),
			want: done},
		{name: "other body when done", op: "begin", body: "B", now: t0.Add(4 * time.Second),
			want: done},
		{name: "finish a done record", op: "finish", status: 500, contentType: "text/plain", respBody: "late",
			wantErr: store.ErrNotFound},
		{name: "abandon a done record", op: "abandon", wantErr: store.ErrNotFound},
		{name: "still live at exactly ttl", op: "begin", body: "A", now: t0.Add(day),
			want: done},
		{name: "expired is claimed again", op: "begin", body: "B", now: expired,
			want: running("B", expired), wantClaimed: true},
		{name: "abandon", op: "abandon"},
		{name: "claimed after abandon", op: "begin", body: "A", now: expired.Add(time.Second),
			want: running("A", expired.Add(time.Second)), wantClaimed: true},
		{name: "finish with an empty body", op: "finish", status: 204},
		{name: "done with an empty body", op: "begin", body: "A", now: expired.Add(2 * time.Second),
			want: store.Idem{BodyHash: hash("A"), State: store.IdemDone, Status: 204, CreatedAt: expired.Add(time.Second)}},
	})
}

// testIdemStaleRunning: a record left running by a node that died is
// claimed again after store.IdemRunningTimeout; a done one is not.
func testIdemStaleRunning(t *testing.T, s store.Store) {
	t0 := start()
	stale := t0.Add(store.IdemRunningTimeout + time.Millisecond)
	runIdemSteps(t, s, "key_1", "crashed", []idemStep{
		{name: "claimed by a node that then dies", op: "begin", body: "A", now: t0,
			want: store.Idem{BodyHash: hash("A"), State: store.IdemRunning, CreatedAt: t0}, wantClaimed: true},
		{name: "still held at the timeout", op: "begin", body: "A", now: t0.Add(store.IdemRunningTimeout),
			want: store.Idem{BodyHash: hash("A"), State: store.IdemRunning, CreatedAt: t0}},
		{name: "claimed again past it", op: "begin", body: "A", now: stale,
			want: store.Idem{BodyHash: hash("A"), State: store.IdemRunning, CreatedAt: stale}, wantClaimed: true},
		{name: "finish", op: "finish", status: 200, contentType: "application/json", respBody: `{}`},
		{name: "a done record is replayed long after", op: "begin", body: "A", now: stale.Add(time.Hour),
			want: store.Idem{BodyHash: hash("A"), State: store.IdemDone, Status: 200, ContentType: "application/json", Body: []byte(`{}`), CreatedAt: stale}},
	})
}

func testIdemNotFound(t *testing.T, s store.Store) {
	ctx := t.Context()
	tests := []struct {
		name string
		call func() error
	}{
		{"FinishIdem", func() error { return s.FinishIdem(ctx, "key_1", "nope", 200, "text/plain", []byte("x")) }},
		{"AbandonIdem", func() error { return s.AbandonIdem(ctx, "key_1", "nope") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.call(); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("%s of an unknown record: got %v; want ErrNotFound", tt.name, err)
			}
		})
	}
}

func testIdemScopes(t *testing.T, s store.Store) {
	t0 := start()
	ctx := t.Context()
	for _, scope := range []string{"key_a", "key_b"} {
		_, claimed, err := s.BeginIdem(ctx, scope, "same", hash("body"), t0, day)
		if err != nil {
			t.Fatalf("BeginIdem(%s): %v", scope, err)
		}
		if !claimed {
			t.Errorf("BeginIdem(%s) with a key another scope holds: got claimed false; want true", scope)
		}
	}
	must(t, s.FinishIdem(ctx, "key_a", "same", 200, "text/plain", []byte("a")))

	got, claimed, err := s.BeginIdem(ctx, "key_b", "same", hash("body"), t0.Add(time.Second), day)
	if err != nil {
		t.Fatalf("BeginIdem: %v", err)
	}
	want := store.Idem{Scope: "key_b", Key: "same", BodyHash: hash("body"), State: store.IdemRunning, CreatedAt: t0}
	if claimed {
		t.Errorf("BeginIdem(key_b) again: got claimed true; want false")
	}
	if diff := cmp.Diff(want, got, approxTime(), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("key_b's record after key_a finished (-want +got):\n%s", diff)
	}

	must(t, s.AbandonIdem(ctx, "key_b", "same"))
	got, claimed, err = s.BeginIdem(ctx, "key_a", "same", hash("body"), t0.Add(2*time.Second), day)
	if err != nil {
		t.Fatalf("BeginIdem: %v", err)
	}
	if claimed || got.State != store.IdemDone || string(got.Body) != "a" {
		t.Errorf("key_a's record after key_b abandoned: got claimed %v, state %q, body %q; want claimed false, done, %q",
			claimed, got.State, got.Body, "a")
	}
}

func testIdemRace(t *testing.T, s store.Store) {
	// Several rounds, because one race may happen not to overlap.
	for round := range 5 {
		t.Run(fmt.Sprintf("round %d", round), func(t *testing.T) {
			raceBeginIdem(t, s, fmt.Sprintf("idem-race-%d", round))
		})
	}
}

// raceBeginIdem starts 20 BeginIdem for key at once and checks exactly one
// claims it and the others see its running record.
func raceBeginIdem(t *testing.T, s store.Store, key string) {
	t0 := start()
	ctx := t.Context()
	const n = 20
	type result struct {
		rec     store.Idem
		claimed bool
		err     error
	}
	results := make([]result, n)
	begin := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			<-begin
			rec, claimed, err := s.BeginIdem(ctx, "key_race", key, hash("body"), t0.Add(time.Duration(i)*time.Millisecond), day)
			results[i] = result{rec, claimed, err}
		})
	}
	close(begin)
	wg.Wait()

	claims := 0
	var claimedAt time.Time
	for i, r := range results {
		if r.err != nil {
			t.Fatalf("BeginIdem #%d: %v", i, r.err)
		}
		if r.claimed {
			claims++
			claimedAt = r.rec.CreatedAt
		}
	}
	if claims != 1 {
		t.Fatalf("%d concurrent BeginIdem: got %d claims; want exactly 1", n, claims)
	}
	for i, r := range results {
		if r.claimed {
			continue
		}
		want := store.Idem{Scope: "key_race", Key: key, BodyHash: hash("body"), State: store.IdemRunning, CreatedAt: claimedAt}
		if diff := cmp.Diff(want, r.rec, approxTime(), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("BeginIdem #%d lost the race and got (-want +got):\n%s", i, diff)
		}
	}
}

func testCountKeys(t *testing.T, s store.Store) {
	ctx := t.Context()
	before, err := s.CountKeys(ctx)
	if err != nil {
		t.Fatal(err)
	}
	keys, err := s.ListKeys(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if before != int64(len(keys)) {
		t.Errorf("CountKeys = %d; ListKeys has %d", before, len(keys))
	}
}

func testUnhit(t *testing.T, s store.Store) {
	ctx := t.Context()
	w := currentWindow()
	for range 3 {
		if _, err := s.Hit(ctx, "key_unhit", w); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Unhit(ctx, "key_unhit", w); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Hit(ctx, "key_unhit", w); got != 3 {
		t.Errorf("after three hits, one unhit and a hit: got %d; want 3", got)
	}
	// Never below zero, and a window never hit is no error.
	for range 5 {
		if err := s.Unhit(ctx, "key_unhit", w); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Unhit(ctx, "key_never", w); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Hit(ctx, "key_unhit", w); got != 1 {
		t.Errorf("after unhits past zero and a hit: got %d; want 1", got)
	}
}

func testHit(t *testing.T, s store.Store) {
	ctx := t.Context()
	w0 := currentWindow()
	w1 := w0.Add(time.Minute)
	tests := []struct {
		name   string
		bucket string
		window time.Time
		want   int64
	}{
		{"first", "key_a", w0, 1},
		{"second", "key_a", w0, 2},
		{"third", "key_a", w0, 3},
		{"other bucket", "key_b", w0, 1},
		{"other bucket again", "key_b", w0, 2},
		{"new window", "key_a", w1, 1},
		{"new window again", "key_a", w1, 2},
		{"earlier window still counts", "key_a", w0, 4},
		{"same instant in another zone", "key_a", w1.In(time.FixedZone("EST", -5*3600)), 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := s.Hit(ctx, tt.bucket, tt.window)
			if err != nil {
				t.Fatalf("Hit: %v", err)
			}
			if got != tt.want {
				t.Errorf("Hit(%q, %v): got %d; want %d", tt.bucket, tt.window, got, tt.want)
			}
		})
	}
}

func testHitConcurrent(t *testing.T, s store.Store) {
	ctx := t.Context()
	const n = 50
	w := currentWindow()
	counts := make([]int64, n)
	errs := make([]error, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			<-start
			counts[i], errs[i] = s.Hit(ctx, "key_busy", w)
		})
	}
	close(start)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatalf("concurrent Hit: %v", err)
	}
	slices.Sort(counts)
	want := make([]int64, n)
	for i := range want {
		want[i] = int64(i + 1)
	}
	if diff := cmp.Diff(want, counts); diff != "" {
		t.Errorf("%d concurrent Hits: counts are not 1..%d each once (-want +got):\n%s", n, n, diff)
	}
}

func testMetrics(t *testing.T, s store.Store) {
	ctx := t.Context()
	got, err := s.Metrics(ctx)
	if err != nil {
		t.Fatalf("Metrics on an empty store: %v", err)
	}
	if len(got) != 0 {
		t.Fatalf("Metrics on an empty store: got %v; want none", got)
	}
	must(t, s.AddMetrics(ctx, nil))

	batches := [][]store.MetricRow{
		{
			{Route: "/v1/fork", Method: "POST", Class: "2xx", Count: 3},
			{Route: "/health", Method: "GET", Class: "2xx", Count: 1},
			{Route: "/v1/fork", Method: "POST", Class: "4xx", Count: 2},
		},
		{
			{Route: "/v1/fork", Method: "POST", Class: "2xx", Count: 4},
			{Route: "/v1/fork", Method: "OPTIONS", Class: "2xx", Count: 1},
			{Route: "/v1/profiles", Method: "GET", Class: "2xx", Count: 5},
		},
		{
			{Route: "/v1/fork", Method: "POST", Class: "5xx", Count: 1},
			{Route: "/v1/fork", Method: "POST", Class: "2xx", Count: 1},
		},
	}
	for i, b := range batches {
		if err := s.AddMetrics(ctx, b); err != nil {
			t.Fatalf("AddMetrics batch %d: %v", i, err)
		}
	}

	got, err = s.Metrics(ctx)
	if err != nil {
		t.Fatalf("Metrics: %v", err)
	}
	want := []store.MetricRow{
		{Route: "/health", Method: "GET", Class: "2xx", Count: 1},
		{Route: "/v1/fork", Method: "OPTIONS", Class: "2xx", Count: 1},
		{Route: "/v1/fork", Method: "POST", Class: "2xx", Count: 8},
		{Route: "/v1/fork", Method: "POST", Class: "4xx", Count: 2},
		{Route: "/v1/fork", Method: "POST", Class: "5xx", Count: 1},
		{Route: "/v1/profiles", Method: "GET", Class: "2xx", Count: 5},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Metrics after %d batches (-want +got):\n%s", len(batches), diff)
	}
}

func testMetricsConcurrent(t *testing.T, s store.Store) {
	ctx := t.Context()
	const n = 20
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			errs[i] = s.AddMetrics(ctx, []store.MetricRow{
				{Route: "/v1/fork", Method: "POST", Class: "2xx", Count: 1},
				{Route: "/v1/fork", Method: "POST", Class: "4xx", Count: 2},
			})
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatalf("concurrent AddMetrics: %v", err)
	}
	got, err := s.Metrics(ctx)
	if err != nil {
		t.Fatalf("Metrics: %v", err)
	}
	want := []store.MetricRow{
		{Route: "/v1/fork", Method: "POST", Class: "2xx", Count: n},
		{Route: "/v1/fork", Method: "POST", Class: "4xx", Count: 2 * n},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Metrics after %d concurrent AddMetrics (-want +got):\n%s", n, diff)
	}
}

// oauthCode is a code of the given kind named by secret, issued at t for 60
// seconds, with every field set so a store that drops one shows it.
func oauthCode(secret, kind string, t time.Time) store.OAuthCode {
	c := store.OAuthCode{
		Hash:          hash(secret),
		Kind:          kind,
		ClientID:      "mfc_" + secret,
		RedirectURI:   "http://127.0.0.1:8765/callback?from=" + secret,
		CodeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
		Resource:      "https://api.example.com/mcp",
		Scope:         "fork",
		CreatedAt:     t,
		ExpiresAt:     t.Add(time.Minute),
	}
	if kind == store.OAuthKindConsent {
		c.State = "state-" + secret
	}
	return c
}

func testOAuthClients(t *testing.T, s store.Store) {
	t0 := start()
	ctx := t.Context()
	clients := []store.OAuthClient{
		{ID: "mfc_a", Name: "Claude <Desktop>", RedirectURIs: []string{"http://127.0.0.1:33418/cb", "https://app.example/z", "https://app.example/a?x=1"}, CreatedAt: t0},
		{ID: "mfc_b", Name: "", RedirectURIs: []string{"http://localhost/cb"}, CreatedAt: t0.Add(time.Second)},
	}
	for _, c := range clients {
		must(t, s.CreateOAuthClient(ctx, c))
	}
	for _, want := range clients {
		t.Run("OAuthClient/"+want.ID, func(t *testing.T) {
			got, err := s.OAuthClient(ctx, want.ID)
			if err != nil {
				t.Fatalf("OAuthClient: %v", err)
			}
			if diff := cmp.Diff(want, got, approxTime()); diff != "" {
				t.Errorf("OAuthClient (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("no redirect URIs", func(t *testing.T) {
		must(t, s.CreateOAuthClient(ctx, store.OAuthClient{ID: "mfc_none", CreatedAt: t0}))
		got, err := s.OAuthClient(ctx, "mfc_none")
		if err != nil {
			t.Fatalf("OAuthClient: %v", err)
		}
		if len(got.RedirectURIs) != 0 {
			t.Errorf("RedirectURIs: got %q; want none", got.RedirectURIs)
		}
	})
	t.Run("unknown", func(t *testing.T) {
		if _, err := s.OAuthClient(ctx, "mfc_nobody"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("OAuthClient(unknown): got %v; want ErrNotFound", err)
		}
	})
	t.Run("duplicate id", func(t *testing.T) {
		dup := store.OAuthClient{ID: "mfc_a", Name: "impostor", RedirectURIs: []string{"https://evil.example/cb"}, CreatedAt: t0}
		if err := s.CreateOAuthClient(ctx, dup); err == nil {
			t.Fatalf("CreateOAuthClient with a taken ID: got nil; want an error")
		}
		got, err := s.OAuthClient(ctx, "mfc_a")
		if err != nil {
			t.Fatalf("OAuthClient: %v", err)
		}
		if diff := cmp.Diff(clients[0], got, approxTime()); diff != "" {
			t.Errorf("OAuthClient after a refused duplicate (-want +got):\n%s", diff)
		}
	})
}

func testOAuthCodes(t *testing.T, s store.Store) {
	t0 := start()
	ctx := t.Context()
	consent := oauthCode("consent", store.OAuthKindConsent, t0)
	code := oauthCode("code", store.OAuthKindCode, t0)
	must(t, s.CreateOAuthCode(ctx, consent))
	must(t, s.CreateOAuthCode(ctx, code))

	for _, want := range []store.OAuthCode{consent, code} {
		t.Run("take/"+want.Kind, func(t *testing.T) {
			got, err := s.TakeOAuthCode(ctx, want.Kind, want.Hash, t0.Add(time.Second))
			if err != nil {
				t.Fatalf("TakeOAuthCode: %v", err)
			}
			if diff := cmp.Diff(want, got, approxTime()); diff != "" {
				t.Errorf("TakeOAuthCode (-want +got):\n%s", diff)
			}
			if _, err := s.TakeOAuthCode(ctx, want.Kind, want.Hash, t0.Add(2*time.Second)); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("TakeOAuthCode a second time: got %v; want ErrNotFound", err)
			}
		})
	}
	t.Run("unknown", func(t *testing.T) {
		if _, err := s.TakeOAuthCode(ctx, store.OAuthKindCode, hash("never issued"), t0); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("TakeOAuthCode(unknown): got %v; want ErrNotFound", err)
		}
	})
	t.Run("duplicate hash", func(t *testing.T) {
		orig := oauthCode("dup", store.OAuthKindCode, t0)
		must(t, s.CreateOAuthCode(ctx, orig))
		other := oauthCode("dup", store.OAuthKindConsent, t0)
		other.ClientID = "mfc_other"
		if err := s.CreateOAuthCode(ctx, other); err == nil {
			t.Errorf("CreateOAuthCode with a taken hash: got nil; want an error")
		}
		got, err := s.TakeOAuthCode(ctx, store.OAuthKindCode, orig.Hash, t0)
		if err != nil {
			t.Fatalf("TakeOAuthCode: %v", err)
		}
		if diff := cmp.Diff(orig, got, approxTime()); diff != "" {
			t.Errorf("TakeOAuthCode after a refused duplicate (-want +got):\n%s", diff)
		}
	})
}

func testOAuthCodeKinds(t *testing.T, s store.Store) {
	t0 := start()
	ctx := t.Context()
	consent := oauthCode("shown on a page", store.OAuthKindConsent, t0)
	must(t, s.CreateOAuthCode(ctx, consent))
	if _, err := s.TakeOAuthCode(ctx, store.OAuthKindCode, consent.Hash, t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("TakeOAuthCode of a consent token as a code: got %v; want ErrNotFound", err)
	}
	got, err := s.TakeOAuthCode(ctx, store.OAuthKindConsent, consent.Hash, t0)
	if err != nil {
		t.Fatalf("TakeOAuthCode as a consent after the wrong-kind attempt: %v; want it still there", err)
	}
	if diff := cmp.Diff(consent, got, approxTime()); diff != "" {
		t.Errorf("TakeOAuthCode (-want +got):\n%s", diff)
	}
}

func testOAuthCodeExpiry(t *testing.T, s store.Store) {
	t0 := start()
	ctx := t.Context()
	live := oauthCode("live", store.OAuthKindCode, t0)
	expired := oauthCode("expired", store.OAuthKindCode, t0)
	must(t, s.CreateOAuthCode(ctx, live))
	must(t, s.CreateOAuthCode(ctx, expired))

	if _, err := s.TakeOAuthCode(ctx, store.OAuthKindCode, live.Hash, live.ExpiresAt.Add(-time.Millisecond)); err != nil {
		t.Errorf("TakeOAuthCode just before ExpiresAt: got %v; want the code", err)
	}
	if _, err := s.TakeOAuthCode(ctx, store.OAuthKindCode, expired.Hash, expired.ExpiresAt); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("TakeOAuthCode at ExpiresAt: got %v; want ErrNotFound", err)
	}
	// An expired code stays unusable, whatever clock a later caller has.
	if _, err := s.TakeOAuthCode(ctx, store.OAuthKindCode, expired.Hash, t0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("TakeOAuthCode of an expired code with an earlier clock: got %v; want ErrNotFound", err)
	}

	// Creating codes later sweeps the expired ones without touching live
	// ones.
	later := t0.Add(time.Hour)
	keep := oauthCode("keep", store.OAuthKindConsent, later)
	must(t, s.CreateOAuthCode(ctx, keep))
	must(t, s.CreateOAuthCode(ctx, oauthCode("sweeper", store.OAuthKindCode, later.Add(time.Second))))
	if _, err := s.TakeOAuthCode(ctx, store.OAuthKindConsent, keep.Hash, later.Add(2*time.Second)); err != nil {
		t.Errorf("TakeOAuthCode of a live code after a sweep: got %v; want the code", err)
	}
}

func testOAuthCodeRace(t *testing.T, s store.Store) {
	t0 := start()
	ctx := t.Context()
	// Several rounds, because one race may happen not to overlap.
	for round := range 5 {
		t.Run(fmt.Sprintf("round %d", round), func(t *testing.T) {
			code := oauthCode(fmt.Sprintf("race-%d", round), store.OAuthKindCode, t0)
			must(t, s.CreateOAuthCode(ctx, code))
			const n = 10
			errs := make([]error, n)
			got := make([]store.OAuthCode, n)
			begin := make(chan struct{})
			var wg sync.WaitGroup
			for i := range n {
				wg.Go(func() {
					<-begin
					got[i], errs[i] = s.TakeOAuthCode(ctx, store.OAuthKindCode, code.Hash, t0.Add(time.Second))
				})
			}
			close(begin)
			wg.Wait()
			taken := 0
			for i, err := range errs {
				switch {
				case err == nil:
					taken++
					if diff := cmp.Diff(code, got[i], approxTime()); diff != "" {
						t.Errorf("the taker #%d got (-want +got):\n%s", i, diff)
					}
				case !errors.Is(err, store.ErrNotFound):
					t.Errorf("TakeOAuthCode #%d: got %v; want the code or ErrNotFound", i, err)
				}
			}
			if taken != 1 {
				t.Errorf("%d concurrent TakeOAuthCode: %d got the code; want exactly 1", n, taken)
			}
		})
	}
}
