package memory

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/marketingfork/fork/store"
)

// cloneFork copies f's slices so a caller changing them cannot change what
// is stored.
func cloneFork(f store.Fork) store.Fork {
	f.Request = bytes.Clone(f.Request)
	f.Result = bytes.Clone(f.Result)
	f.Source = bytes.Clone(f.Source)
	f.Blocks = slices.Clone(f.Blocks)
	return f
}

// CreateFork keeps a fork; a taken ID is refused.
func (s *Store) CreateFork(ctx context.Context, f store.Fork) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	if _, ok := s.forks[f.ID]; ok {
		return fmt.Errorf("memory: create fork %q: the ID is taken", f.ID)
	}
	f.CreatedAt, f.ExpiresAt = f.CreatedAt.UTC(), f.ExpiresAt.UTC()
	s.forks[f.ID] = cloneFork(f)
	return nil
}

// Fork finds owner's fork by ID, unless it has expired at now.
func (s *Store) Fork(ctx context.Context, owner, id string, now time.Time) (store.Fork, error) {
	if err := s.lock(ctx); err != nil {
		return store.Fork{}, err
	}
	defer s.mu.Unlock()
	f, ok := s.forks[id]
	if !ok || f.Owner != owner || !now.Before(f.ExpiresAt) {
		return store.Fork{}, fmt.Errorf("memory: fork %q: %w", id, store.ErrNotFound)
	}
	return cloneFork(f), nil
}

// ListForks returns a page of owner's live forks, newest first. It scans
// every fork: the memory store is for tests and small embeddings.
func (s *Store) ListForks(ctx context.Context, owner string, after store.ForkCursor, limit int, now time.Time) ([]store.Fork, store.ForkCursor, error) {
	if err := s.lock(ctx); err != nil {
		return nil, store.ForkCursor{}, err
	}
	defer s.mu.Unlock()
	var all []store.Fork
	for _, f := range s.forks {
		if f.Owner != owner || !now.Before(f.ExpiresAt) {
			continue
		}
		if !after.IsZero() && !forkBefore(f, after) {
			continue
		}
		all = append(all, store.Fork{ID: f.ID, Owner: f.Owner, CreatedAt: f.CreatedAt, ExpiresAt: f.ExpiresAt, Request: bytes.Clone(f.Request)})
	}
	slices.SortFunc(all, func(a, b store.Fork) int {
		if c := b.CreatedAt.Compare(a.CreatedAt); c != 0 {
			return c
		}
		return cmp.Compare(b.ID, a.ID)
	})
	return store.PageOf(all, limit)
}

// forkBefore reports whether f comes after the cursor in newest-first
// order.
func forkBefore(f store.Fork, c store.ForkCursor) bool {
	if !f.CreatedAt.Equal(c.CreatedAt) {
		return f.CreatedAt.Before(c.CreatedAt)
	}
	return f.ID < c.ID
}

// DeleteFork deletes owner's fork.
func (s *Store) DeleteFork(ctx context.Context, owner, id string) error {
	if err := s.lock(ctx); err != nil {
		return err
	}
	defer s.mu.Unlock()
	if f, ok := s.forks[id]; !ok || f.Owner != owner {
		return fmt.Errorf("memory: delete fork %q: %w", id, store.ErrNotFound)
	}
	delete(s.forks, id)
	return nil
}

// PurgeForks deletes the forks expired at now.
func (s *Store) PurgeForks(ctx context.Context, now time.Time) (int64, error) {
	if err := s.lock(ctx); err != nil {
		return 0, err
	}
	defer s.mu.Unlock()
	var n int64
	for id, f := range s.forks {
		if !now.Before(f.ExpiresAt) {
			delete(s.forks, id)
			n++
		}
	}
	return n, nil
}
