package storetest

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork/store"
)

// keptFork is a fork of owner made at t and kept for ttl, with every field
// set so a store that drops one shows it.
func keptFork(id, owner string, t time.Time, ttl time.Duration) store.Fork {
	return store.Fork{
		ID:        id,
		Owner:     owner,
		CreatedAt: t,
		ExpiresAt: t.Add(ttl),
		Request:   []byte(`{"url":"https://example.com/` + id + `"}`),
		Result:    []byte(`{"blocks":[{"id":0,"text":"Hello ` + id + `"}]}`),
		Source:    []byte("<h1>Hi \x00 " + id + "</h1>"),
		Blocks: []store.BlockHash{
			{Block: 0, Path: "html>body>h1", SHA256: fmt.Sprintf("%x", hash("Hi "+id))},
			{Block: 3, Path: "#cta", SHA256: fmt.Sprintf("%x", hash("Buy"))},
		},
	}
}

func testForks(t *testing.T, s store.Store) {
	t0 := start()
	ctx := t.Context()
	mine := keptFork("fk_mine", "key_a", t0, 30*day)
	theirs := keptFork("fk_theirs", "key_b", t0, 30*day)
	must(t, s.CreateFork(ctx, mine))
	must(t, s.CreateFork(ctx, theirs))

	t.Run("owner reads it whole", func(t *testing.T) {
		got, err := s.Fork(ctx, "key_a", "fk_mine", t0.Add(time.Hour))
		if err != nil {
			t.Fatalf("Fork: %v", err)
		}
		if diff := cmp.Diff(mine, got, approxTime()); diff != "" {
			t.Errorf("Fork (-want +got):\n%s", diff)
		}
	})
	t.Run("another key does not see it", func(t *testing.T) {
		if _, err := s.Fork(ctx, "key_b", "fk_mine", t0); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Fork by another key: got %v; want ErrNotFound", err)
		}
		if err := s.DeleteFork(ctx, "key_b", "fk_mine"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("DeleteFork by another key: got %v; want ErrNotFound", err)
		}
		forks, _, err := s.ListForks(ctx, "key_b", store.ForkCursor{}, 10, t0)
		if err != nil {
			t.Fatalf("ListForks: %v", err)
		}
		if len(forks) != 1 || forks[0].ID != "fk_theirs" {
			t.Errorf("ListForks(key_b) = %v; want only fk_theirs", forks)
		}
	})
	t.Run("duplicate id", func(t *testing.T) {
		if err := s.CreateFork(ctx, keptFork("fk_mine", "key_b", t0, day)); err == nil {
			t.Fatal("CreateFork with a taken ID: got nil; want an error")
		}
		if _, err := s.Fork(ctx, "key_a", "fk_mine", t0); err != nil {
			t.Errorf("Fork after a refused duplicate: %v", err)
		}
	})
	t.Run("delete", func(t *testing.T) {
		must(t, s.DeleteFork(ctx, "key_a", "fk_mine"))
		if _, err := s.Fork(ctx, "key_a", "fk_mine", t0); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Fork after delete: got %v; want ErrNotFound", err)
		}
		if err := s.DeleteFork(ctx, "key_a", "fk_mine"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("DeleteFork twice: got %v; want ErrNotFound", err)
		}
		if _, err := s.Fork(ctx, "key_b", "fk_theirs", t0); err != nil {
			t.Errorf("another key's fork after delete: %v", err)
		}
	})
}

func testForkPages(t *testing.T, s store.Store) {
	t0 := start()
	ctx := t.Context()
	// Seven forks, three of them made at the same instant, written out of
	// order; another key's fork in between.
	made := []struct {
		id string
		at time.Duration
	}{{"fk_c", 2 * time.Second}, {"fk_a", 0}, {"fk_e", 3 * time.Second}, {"fk_d", 2 * time.Second},
		{"fk_b", time.Second}, {"fk_g", 5 * time.Second}, {"fk_f", 2 * time.Second}}
	for _, m := range made {
		must(t, s.CreateFork(ctx, keptFork(m.id, "key_a", t0.Add(m.at), day)))
	}
	must(t, s.CreateFork(ctx, keptFork("fk_other", "key_b", t0.Add(4*time.Second), day)))
	want := []string{"fk_g", "fk_e", "fk_f", "fk_d", "fk_c", "fk_b", "fk_a"}

	for _, limit := range []int{1, 2, 3, 7, 50} {
		t.Run(fmt.Sprintf("limit %d", limit), func(t *testing.T) {
			var (
				got    []string
				cursor store.ForkCursor
			)
			for page := 0; ; page++ {
				if page > len(want) {
					t.Fatalf("more than %d pages: the cursor does not advance", len(want))
				}
				// The cursor travels as its string, as a client sends it.
				after, err := store.ParseForkCursor(cursor.String())
				if err != nil {
					t.Fatalf("ParseForkCursor(%q): %v", cursor.String(), err)
				}
				forks, next, err := s.ListForks(ctx, "key_a", after, limit, t0)
				if err != nil {
					t.Fatalf("ListForks: %v", err)
				}
				if len(forks) > limit {
					t.Fatalf("page of %d forks; limit %d", len(forks), limit)
				}
				for _, f := range forks {
					got = append(got, f.ID)
					if f.Owner != "key_a" || len(f.Request) == 0 || f.Result != nil || f.Source != nil || f.Blocks != nil {
						t.Errorf("listed fork %s: owner %q, request %q, result %q, source %q, blocks %v; want the owner, the request and nothing else",
							f.ID, f.Owner, f.Request, f.Result, f.Source, f.Blocks)
					}
				}
				if next.IsZero() {
					break
				}
				cursor = next
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("forks listed (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("bad cursor", func(t *testing.T) {
		for _, c := range []string{"%%%", "bm90LWEtY3Vyc29y", "MTIz"} {
			if _, err := store.ParseForkCursor(c); !errors.Is(err, store.ErrInvalidCursor) {
				t.Errorf("ParseForkCursor(%q): got %v; want ErrInvalidCursor", c, err)
			}
		}
	})
}

func testForkExpiry(t *testing.T, s store.Store) {
	t0 := start()
	ctx := t.Context()
	must(t, s.CreateFork(ctx, keptFork("fk_short", "key_a", t0, time.Hour)))
	must(t, s.CreateFork(ctx, keptFork("fk_long", "key_a", t0, 30*day)))

	if _, err := s.Fork(ctx, "key_a", "fk_short", t0.Add(time.Hour-time.Second)); err != nil {
		t.Errorf("Fork just before it expires: %v", err)
	}
	if _, err := s.Fork(ctx, "key_a", "fk_short", t0.Add(time.Hour)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Fork once expired: got %v; want ErrNotFound", err)
	}
	later := t0.Add(2 * time.Hour)
	forks, _, err := s.ListForks(ctx, "key_a", store.ForkCursor{}, 10, later)
	if err != nil {
		t.Fatalf("ListForks: %v", err)
	}
	if len(forks) != 1 || forks[0].ID != "fk_long" {
		t.Errorf("ListForks after one expired = %v; want only fk_long", forks)
	}
	n, err := s.PurgeForks(ctx, later)
	if err != nil {
		t.Fatalf("PurgeForks: %v", err)
	}
	if n != 1 {
		t.Errorf("PurgeForks deleted %d; want 1", n)
	}
	if n, err := s.PurgeForks(ctx, later); err != nil || n != 0 {
		t.Errorf("PurgeForks again = %d, %v; want 0, nil", n, err)
	}
	if _, err := s.Fork(ctx, "key_a", "fk_long", later); err != nil {
		t.Errorf("the live fork after the purge: %v", err)
	}
	// Purged means gone: even a clock turned back does not bring it back.
	if _, err := s.Fork(ctx, "key_a", "fk_short", t0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("purged fork: got %v; want ErrNotFound", err)
	}
}
