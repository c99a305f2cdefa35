package chromium

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/net/websocket"
)

// Session is one headless Chromium driven over the DevTools protocol: a
// test that must act in a page (click a button, read the clipboard) and
// not only read its DOM uses it. It speaks the protocol's JSON messages
// over the browser's own websocket, with no driver in between.
type Session struct {
	browser, page *websocket.Conn
	mu            sync.Mutex
	next          int
}

// Start launches bin headless with a fresh profile and attaches to its
// first page; the browser is stopped when the test ends.
func Start(t testing.TB, bin string) *Session {
	t.Helper()
	// Not t.TempDir: Chromium's helper processes may still write to the
	// profile for a moment after the browser is killed, and TempDir's
	// cleanup fails the test on a directory that is not empty yet.
	dir, err := os.MkdirTemp("", "mfork-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--remote-debugging-port=0", "--user-data-dir="+dir, "about:blank")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		for i := 0; i < 50 && os.RemoveAll(dir) != nil; i++ {
			time.Sleep(100 * time.Millisecond)
		}
	})
	// Chromium writes the port it chose, and its browser endpoint, here.
	var port, path string
	deadline := time.Now().Add(20 * time.Second)
	for port == "" {
		if time.Now().After(deadline) {
			t.Fatal("chromium: no DevToolsActivePort after 20 s")
		}
		if f, err := os.Open(filepath.Join(dir, "DevToolsActivePort")); err == nil {
			sc := bufio.NewScanner(f)
			if sc.Scan() {
				port = strings.TrimSpace(sc.Text())
			}
			if sc.Scan() {
				path = strings.TrimSpace(sc.Text())
			}
			f.Close()
		}
		if port == "" || path == "" {
			port = ""
			time.Sleep(50 * time.Millisecond)
		}
	}
	origin := "http://127.0.0.1:" + port
	s := &Session{}
	if s.browser, err = websocket.Dial("ws://127.0.0.1:"+port+path, "", origin); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.browser.Close() })
	// The first page may not be listed yet on a busy machine: ask again
	// until it is.
	for time.Now().Before(deadline) {
		var targets []struct {
			Type string `json:"type"`
			WS   string `json:"webSocketDebuggerUrl"`
		}
		resp, err := http.Get(origin + "/json/list")
		if err != nil {
			t.Fatal(err)
		}
		err = json.NewDecoder(resp.Body).Decode(&targets)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, tg := range targets {
			if tg.Type == "page" {
				if s.page, err = websocket.Dial(tg.WS, "", origin); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { _ = s.page.Close() })
				return s
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("chromium: no page target after 20 s")
	return nil
}

// call sends one command on conn and returns its result, skipping the
// events that arrive meanwhile.
func (s *Session) call(ctx context.Context, conn *websocket.Conn, method string, params any, result any) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.next++
	id := s.next
	if err := websocket.JSON.Send(conn, map[string]any{"id": id, "method": method, "params": params}); err != nil {
		return err
	}
	if d, ok := ctx.Deadline(); ok {
		_ = conn.SetReadDeadline(d)
	}
	for {
		var msg struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := websocket.JSON.Receive(conn, &msg); err != nil {
			return fmt.Errorf("%s: %w", method, err)
		}
		if msg.ID != id {
			continue // an event
		}
		if msg.Error != nil {
			return fmt.Errorf("%s: %s", method, msg.Error.Message)
		}
		if result == nil {
			return nil
		}
		return json.Unmarshal(msg.Result, result)
	}
}

// Browser sends a command to the browser itself (Browser.grantPermissions).
func (s *Session) Browser(ctx context.Context, method string, params any) error {
	return s.call(ctx, s.browser, method, params, nil)
}

// Page sends a command to the page (Page.navigate, Emulation.…).
func (s *Session) Page(ctx context.Context, method string, params any) error {
	return s.call(ctx, s.page, method, params, nil)
}

// Eval runs a JavaScript expression in the page as a user gesture, awaits
// it when it is a promise, and decodes its value into out (nil: ignored).
func (s *Session) Eval(ctx context.Context, expr string, out any) error {
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		Exception *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	err := s.call(ctx, s.page, "Runtime.evaluate", map[string]any{
		"expression": expr, "awaitPromise": true, "returnByValue": true, "userGesture": true,
	}, &res)
	if err != nil {
		return err
	}
	if res.Exception != nil {
		return errors.New(res.Exception.Text + " " + res.Exception.Exception.Description)
	}
	if out == nil || len(res.Result.Value) == 0 {
		return nil
	}
	return json.Unmarshal(res.Result.Value, out)
}

// WaitFor evaluates expr until it is true or ctx ends.
func (s *Session) WaitFor(ctx context.Context, expr string) error {
	for {
		var ok bool
		if err := s.Eval(ctx, "Boolean("+expr+")", &ok); err != nil {
			return err
		}
		if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for %s: %w", expr, ctx.Err())
		case <-time.After(100 * time.Millisecond):
		}
	}
}
