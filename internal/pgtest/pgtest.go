// Package pgtest gives tests a scratch PostgreSQL database of their own on
// the server named by MFORK_TEST_POSTGRES, which `make test` sets after
// starting one (scripts/pgtest.sh). Without that variable the tests that
// need PostgreSQL skip and say how to run them, unless
// MFORK_REQUIRE_POSTGRES=1, as in CI, where a missing server fails them.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

const (
	// EnvURL names the environment variable holding a superuser URL of the
	// server to test against, such as
	// postgres://postgres@127.0.0.1:55432/postgres?sslmode=disable.
	EnvURL = "MFORK_TEST_POSTGRES"
	// EnvRequire, set to 1, turns a missing server from a skip into a
	// failure.
	EnvRequire = "MFORK_REQUIRE_POSTGRES"
)

// ServerURL returns the URL of the test server, skipping the test (or
// failing it, under EnvRequire) when there is none.
func ServerURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv(EnvURL)
	if u != "" {
		return u
	}
	msg := "no PostgreSQL to test against: " + EnvURL + " is unset (`make test` starts one with scripts/pgtest.sh; or run scripts/pgtest.sh start and export its output as " + EnvURL + ")"
	if os.Getenv(EnvRequire) == "1" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// NewDatabase creates an empty database on the test server, drops it when
// the test ends, and returns its URL. Each test gets its own, so tests in
// parallel packages never see each other's rows.
func NewDatabase(t testing.TB) string {
	t.Helper()
	admin := ServerURL(t)
	b := make([]byte, 6)
	rand.Read(b)
	name := "mfork_test_" + hex.EncodeToString(b)

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("pgtest: connect to %s: %v", EnvURL, err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		t.Fatalf("pgtest: create database %s: %v", name, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, admin)
		if err != nil {
			t.Errorf("pgtest: connect to drop %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		// FORCE ends the sessions of a server process the test left behind.
		if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			t.Errorf("pgtest: drop database %s: %v", name, err)
		}
	})

	u, err := url.Parse(admin)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("pgtest: %s must be a postgres:// URL", EnvURL)
	}
	u.Path = "/" + name
	return u.String()
}
