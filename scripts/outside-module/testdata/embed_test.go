// Package embedder_test is run by scripts/outside-module.sh from a scratch
// module of its own, which requires github.com/marketingfork/fork through a
// replace directive, as another team's service would: it builds the
// examples, mounts the API with examples/mount on each store and talks to
// it with the Go SDK through the mounted prefix. (It lives under testdata
// so the repository's own go test ./... leaves it alone.)
package embedder_test

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/client"
)

// build compiles one example into dir.
func build(t *testing.T, dir, example string) string {
	t.Helper()
	bin := filepath.Join(dir, filepath.Base(example))
	if out, err := exec.Command("go", "build", "-o", bin, "./"+example).CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", example, err, out)
	}
	return bin
}

// mount starts examples/mount on a free loopback port with the store
// named and returns the API's base URL, mount prefix included. The
// process is stopped when the test ends.
func mount(t *testing.T, bin, where string) string {
	t.Helper()
	cmd := exec.Command(bin, "--addr", "127.0.0.1:0", "--store", where)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("mount exited with %v", err)
			}
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
			t.Error("mount did not stop on SIGINT")
		}
	})
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("mount printed no address: %v", err)
	}
	go io.Copy(io.Discard, out)
	// "listening on http://127.0.0.1:PORT (API at /marketing/, … store)"
	f := strings.Fields(line)
	if len(f) < 3 || !strings.HasPrefix(f[2], "http://") {
		t.Fatalf("unexpected first line from mount: %q", line)
	}
	return f[2] + "/marketing"
}

// postgresDB returns a new, empty database on the server the repository's
// scripts/pgtest.sh started, or skips when there is none and none is
// required.
func postgresDB(t *testing.T) string {
	t.Helper()
	admin := os.Getenv("MFORK_TEST_POSTGRES")
	if admin == "" {
		if os.Getenv("MFORK_REQUIRE_POSTGRES") == "1" {
			t.Fatal("MFORK_TEST_POSTGRES is not set: run under scripts/pgtest.sh run")
		}
		t.Skip("no PostgreSQL server: run under scripts/pgtest.sh run")
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		t.Fatalf("connect to %s: %v", admin, err)
	}
	defer conn.Close(ctx)
	var b [6]byte
	_, _ = rand.Read(b[:])
	name := "embedder_" + hex.EncodeToString(b[:])
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(admin)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

func TestMountedAPI(t *testing.T) {
	dir := t.TempDir()
	bin := build(t, dir, "examples/mount")
	page, err := os.ReadFile("page.html")
	if err != nil {
		t.Fatal(err)
	}
	stores := []struct {
		name  string
		where func(t *testing.T) string
	}{
		{"sqlite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "mount.db") }},
		{"postgres", postgresDB},
		{"memory", func(*testing.T) string { return "memory" }},
	}
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) {
			base := mount(t, bin, st.where(t))
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()

			anon, err := client.New(base, client.WithRetries(0))
			if err != nil {
				t.Fatal(err)
			}
			profiles, err := anon.Profiles(ctx)
			if err != nil || len(profiles.Profiles) == 0 {
				t.Fatalf("profiles through %s: %v, %+v", base, err, profiles)
			}

			sandbox, err := client.New(base, client.WithSandbox(true), client.WithRetries(0))
			if err != nil {
				t.Fatal(err)
			}
			res, err := sandbox.Fork(ctx, fork.Request{Profile: "skeptic"})
			if err != nil {
				t.Fatalf("sandbox fork: %v", err)
			}
			if !res.Sandbox || len(res.Blocks) == 0 || res.Markdown == "" {
				t.Errorf("sandbox fork: sandbox=%t, %d blocks, markdown %d bytes", res.Sandbox, len(res.Blocks), len(res.Markdown))
			}

			key, err := anon.GetKey(ctx, "embedder "+st.name)
			if err != nil || key.APIKey == "" || key.KeyID == "" {
				t.Fatalf("get key: %v, %+v", err, key)
			}
			keyed, err := client.New(base, client.WithAPIKey(key.APIKey), client.WithRetries(0))
			if err != nil {
				t.Fatal(err)
			}
			res, err = keyed.Fork(ctx, fork.Request{HTML: string(page), Profile: "skeptic", LanguageLayer: "plain"})
			if err != nil {
				t.Fatalf("keyed fork: %v", err)
			}
			if res.Sandbox || len(res.Blocks) == 0 || !res.Passed {
				t.Errorf("keyed fork: sandbox=%t, %d blocks, passed=%t", res.Sandbox, len(res.Blocks), res.Passed)
			}

			// A bad key is refused in the API's error shape, with its code.
			bad, _ := client.New(base, client.WithAPIKey("mfk_not_a_key"), client.WithRetries(0))
			if _, err := bad.Fork(ctx, fork.Request{HTML: string(page)}); !client.IsUnauthorized(err) {
				t.Errorf("fork with a bad key: got %v; want 401", err)
			}
		})
	}
}

// The other examples build and run from outside too: inprocess forks a
// file with no server, and sdk makes a sandbox fork through a mounted API.
func TestOtherExamples(t *testing.T) {
	dir := t.TempDir()
	out, err := exec.Command(build(t, dir, "examples/inprocess"), "--profile", "skeptic", "--layer", "plain", "page.html").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "# ") {
		t.Errorf("inprocess: %v\n%s", err, out)
	}
	base := mount(t, build(t, dir, "examples/mount"), "memory")
	out, err = exec.Command(build(t, dir, "examples/sdk"), "--base-url", base).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "sandbox=true") {
		t.Errorf("sdk: %v\n%s", err, out)
	}
}
