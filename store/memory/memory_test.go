package memory_test

import (
	"context"
	"errors"
	"testing"

	"github.com/marketingfork/fork/store"
	"github.com/marketingfork/fork/store/memory"
	"github.com/marketingfork/fork/store/storetest"
)

// The in-memory store behaves as the SQLite and PostgreSQL stores do.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return memory.New() })
}

// A closed store refuses every call rather than resurrecting its maps, and
// a cancelled context is honoured before the lock is taken.
func TestClosedAndCancelled(t *testing.T) {
	s := memory.New()
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := s.Ping(t.Context()); err == nil {
		t.Error("Ping after Close: got nil error")
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := memory.New().ListKeys(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("ListKeys with a cancelled context: got %v, want context.Canceled", err)
	}
}
