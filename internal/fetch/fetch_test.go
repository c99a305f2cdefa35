package fetch

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork/internal/fault"
)

// local returns a fetcher that may reach httptest servers on loopback.
func local(cfg Config) *Fetcher {
	cfg.AllowPrivate = true
	if cfg.Timeout == 0 {
		cfg.Timeout = 3 * time.Second
	}
	return New(cfg)
}

func serve(t *testing.T, h http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func TestFetchPage(t *testing.T) {
	var gotUA, gotAccept, gotAE atomic.Value
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/old" {
			http.Redirect(w, r, "/new?x=1", http.StatusMovedPermanently)
			return
		}
		gotUA.Store(r.Header.Get("User-Agent"))
		gotAccept.Store(r.Header.Get("Accept"))
		gotAE.Store(r.Header.Get("Accept-Encoding"))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Language", "de-CH")
		fmt.Fprint(w, "<html><body><h1>Größe</h1></body></html>")
	})
	page, err := local(Config{}).Fetch(context.Background(), srv.URL+"/old#frag")
	if err != nil {
		t.Fatalf("got %v; want success", err)
	}
	want := &Page{
		URL:             srv.URL + "/new?x=1",
		HTML:            []byte("<html><body><h1>Größe</h1></body></html>"),
		ContentType:     "text/html; charset=utf-8",
		ContentLanguage: "de-CH",
	}
	if diff := cmp.Diff(want, page); diff != "" {
		t.Errorf("page mismatch (-want +got):\n%s", diff)
	}
	if got, want := gotUA.Load(), defaultUserAgent; got != want {
		t.Errorf("got User-Agent %q; want %q", got, want)
	}
	if got, want := gotAccept.Load(), acceptHeader; got != want {
		t.Errorf("got Accept %q; want %q", got, want)
	}
	if got, want := gotAE.Load(), "gzip"; got != want {
		t.Errorf("got Accept-Encoding %q; want %q (added by net/http)", got, want)
	}
}

func TestCustomUserAgent(t *testing.T) {
	var got atomic.Value
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		got.Store(r.Header.Get("User-Agent"))
		w.Header().Set("Content-Type", "text/html")
	})
	if _, err := local(Config{UserAgent: "probe/2"}).Fetch(context.Background(), srv.URL); err != nil {
		t.Fatalf("got %v; want success", err)
	}
	if got.Load() != "probe/2" {
		t.Errorf("got User-Agent %q; want %q", got.Load(), "probe/2")
	}
}

func TestCharsetDecoding(t *testing.T) {
	tests := []struct {
		name        string
		contentType string
		body        string
		want        string
	}{
		{
			name:        "header ISO-8859-1 (read as windows-1252 per WHATWG)",
			contentType: "text/html; charset=ISO-8859-1",
			body:        "<p>Gr\xf6\xdfe 115 \x80</p>",
			want:        "<p>Größe 115 €</p>",
		},
		{
			name:        "header windows-1252",
			contentType: "text/html; charset=windows-1252",
			body:        "<p>\x93quoted\x94 \x80</p>",
			want:        "<p>\u201cquoted\u201d €</p>",
		},
		{
			name:        "meta charset",
			contentType: "text/html",
			body:        `<html><head><meta charset="windows-1252"></head><body>Gr` + "\xf6\xdf" + `e 115 ` + "\x80" + `</body></html>`,
			want:        `<html><head><meta charset="windows-1252"></head><body>Größe 115 €</body></html>`,
		},
		{
			name:        "meta http-equiv",
			contentType: "text/html",
			body:        `<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-15"><p>` + "\xa4" + `</p>`,
			want:        `<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-15"><p>€</p>`,
		},
		{
			name:        "header wins over meta",
			contentType: "text/html; charset=utf-8",
			body:        `<meta charset="windows-1252"><p>Größe €</p>`,
			want:        `<meta charset="windows-1252"><p>Größe €</p>`,
		},
		{
			name:        "shift_jis",
			contentType: "text/html; charset=Shift_JIS",
			body:        "<p>\x93\xfa\x96\x7b</p>",
			want:        "<p>日本</p>",
		},
		{
			name:        "undeclared UTF-8 beyond the first 1024 bytes",
			contentType: "text/html",
			body:        "<p>" + strings.Repeat("a", 2000) + "Größe €</p>",
			want:        "<p>" + strings.Repeat("a", 2000) + "Größe €</p>",
		},
		{
			name:        "undeclared latin1",
			contentType: "text/html",
			body:        "<p>Gr\xf6\xdfe</p>",
			want:        "<p>Größe</p>",
		},
		{
			name:        "utf-8 BOM dropped",
			contentType: "text/html",
			body:        "\xef\xbb\xbf<p>ok</p>",
			want:        "<p>ok</p>",
		},
		{
			name:        "invalid UTF-8 replaced",
			contentType: "text/html; charset=utf-8",
			body:        "<p>a\xffb</p>",
			want:        "<p>a\uFFFDb</p>",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tc.contentType)
				io.WriteString(w, tc.body)
			})
			page, err := local(Config{}).Fetch(context.Background(), srv.URL)
			if err != nil {
				t.Fatalf("got %v; want success", err)
			}
			if diff := cmp.Diff(tc.want, string(page.HTML)); diff != "" {
				t.Errorf("HTML mismatch (-want +got):\n%s", diff)
			}
			if page.ContentType != tc.contentType {
				t.Errorf("got ContentType %q; want %q", page.ContentType, tc.contentType)
			}
		})
	}
}

func gzipped(t *testing.T, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestGzip(t *testing.T) {
	page := []byte("<html><body>" + strings.Repeat("<p>hello</p>", 100) + "</body></html>")
	small := gzipped(t, page)
	bomb := gzipped(t, make([]byte, 50<<20)) // 50 MB of zeros, ~50 KB on the wire
	tests := []struct {
		name     string
		body     []byte
		maxBytes int64
		wantErr  error
		wantMsg  string
	}{
		{name: "small page", body: small},
		{name: "bomb over default cap", body: bomb, wantErr: fault.ErrTooLarge, wantMsg: "page too large: more than 5 MB"},
		{name: "small page over tiny cap", body: small, maxBytes: 100, wantErr: fault.ErrTooLarge, wantMsg: "page too large: more than 100 bytes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				w.Header().Set("Content-Encoding", "gzip")
				w.Write(tc.body)
			})
			got, err := local(Config{MaxBytes: tc.maxBytes}).Fetch(context.Background(), srv.URL)
			if tc.wantErr == nil {
				if err != nil {
					t.Fatalf("got %v; want success", err)
				}
				if diff := cmp.Diff(string(page), string(got.HTML)); diff != "" {
					t.Errorf("HTML mismatch (-want +got):\n%s", diff)
				}
				return
			}
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("got %v; want %v", err, tc.wantErr)
			}
			if err.Error() != tc.wantMsg {
				t.Errorf("got %q; want %q", err.Error(), tc.wantMsg)
			}
		})
	}
}

func TestUnrequestedContentEncoding(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Encoding", "br")
		w.Write([]byte{0x1b, 0x2c, 0x00})
	})
	_, err := local(Config{}).Fetch(context.Background(), srv.URL)
	if !errors.Is(err, fault.ErrUnreachable) {
		t.Fatalf("got %v; want ErrUnreachable", err)
	}
}

func TestBodyLimit(t *testing.T) {
	tests := []struct {
		name     string
		handler  http.HandlerFunc
		maxBytes int64
		wantErr  error
	}{
		{
			name:     "exactly at the cap",
			maxBytes: 1024,
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				w.Write(bytes.Repeat([]byte("a"), 1024))
			},
		},
		{
			name:     "one byte over, chunked",
			maxBytes: 1024,
			wantErr:  fault.ErrTooLarge,
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				w.Write(bytes.Repeat([]byte("a"), 1000))
				w.(http.Flusher).Flush()
				w.Write(bytes.Repeat([]byte("a"), 25))
			},
		},
		{
			name:     "over without content type",
			maxBytes: 600,
			wantErr:  fault.ErrTooLarge,
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header()["Content-Type"] = nil
				io.WriteString(w, "<!DOCTYPE html><html>")
				w.(http.Flusher).Flush() // no Content-Length: the cap must catch it
				io.WriteString(w, strings.Repeat("x", 1000))
			},
		},
		{
			// The origin announces a huge body and then stalls: only an
			// early Content-Length check answers before the deadline.
			name:     "content-length over the cap fails before reading",
			maxBytes: 1024,
			wantErr:  fault.ErrTooLarge,
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				w.Header().Set("Content-Length", strconv.Itoa(100<<20))
				w.WriteHeader(http.StatusOK)
				w.(http.Flusher).Flush()
				<-r.Context().Done()
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := serve(t, tc.handler)
			_, err := local(Config{MaxBytes: tc.maxBytes, Timeout: 2 * time.Second}).Fetch(context.Background(), srv.URL)
			if tc.wantErr == nil {
				if err != nil {
					t.Errorf("got %v; want success", err)
				}
				return
			}
			if !errors.Is(err, tc.wantErr) {
				t.Errorf("got %v; want %v", err, tc.wantErr)
			}
		})
	}
}

func TestContentType(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\n" + strings.Repeat("\x00", 100))
	tests := []struct {
		name        string
		contentType []string // nil means no header at all
		body        []byte
		stall       bool // keep the connection open after the body
		wantErr     error
		wantMsg     string
	}{
		{name: "text/html", contentType: []string{"text/html"}, body: []byte("<p>x</p>")},
		{name: "uppercase with params", contentType: []string{"TEXT/HTML; Charset=UTF-8"}, body: []byte("<p>x</p>")},
		{name: "xhtml", contentType: []string{"application/xhtml+xml"}, body: []byte("<html/>")},
		{name: "missing, sniffed html", body: []byte("<!DOCTYPE html><html><body>x</body></html>")},
		{name: "image/png", contentType: []string{"image/png"}, body: png, wantErr: fault.ErrNotHTML, wantMsg: "not an HTML page: content type image/png"},
		{name: "application/json", contentType: []string{"application/json"}, body: []byte(`{"a":1}`), wantErr: fault.ErrNotHTML, wantMsg: "not an HTML page: content type application/json"},
		{name: "text/plain with html body", contentType: []string{"text/plain"}, body: []byte("<html></html>"), wantErr: fault.ErrNotHTML, wantMsg: "not an HTML page: content type text/plain"},
		{name: "missing, sniffed png", body: png, wantErr: fault.ErrNotHTML, wantMsg: "not an HTML page: content type image/png"},
		{name: "missing, sniffed text", body: []byte("just words"), wantErr: fault.ErrNotHTML, wantMsg: "not an HTML page: content type text/plain"},
		{name: "garbage header", contentType: []string{"@@@"}, body: []byte("<p>x</p>"), wantErr: fault.ErrNotHTML, wantMsg: `not an HTML page: content type "@@@"`},
		{
			// Proves the sniff reads at most 512 bytes: the origin then
			// stalls, and the refusal must come before the deadline.
			name:    "missing, sniff stops at 512 bytes",
			body:    append(append([]byte{}, png...), make([]byte, 512)...),
			stall:   true,
			wantErr: fault.ErrNotHTML,
		},
		{
			name:        "declared png is refused without reading",
			contentType: []string{"image/png"},
			body:        png,
			stall:       true,
			wantErr:     fault.ErrNotHTML,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
				// A nil entry stops net/http from sniffing one itself.
				w.Header()["Content-Type"] = tc.contentType
				w.Write(tc.body)
				if tc.stall {
					w.(http.Flusher).Flush()
					<-r.Context().Done()
				}
			})
			page, err := local(Config{Timeout: 2 * time.Second}).Fetch(context.Background(), srv.URL)
			if tc.wantErr == nil {
				if err != nil {
					t.Fatalf("got %v; want success", err)
				}
				if !bytes.Equal(page.HTML, tc.body) {
					t.Errorf("got HTML %q; want %q", page.HTML, tc.body)
				}
				return
			}
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("got %v; want %v", err, tc.wantErr)
			}
			if tc.wantMsg != "" && err.Error() != tc.wantMsg {
				t.Errorf("got %q; want %q", err.Error(), tc.wantMsg)
			}
		})
	}
}

func TestTimeout(t *testing.T) {
	slow := serve(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(5 * time.Second):
		case <-r.Context().Done():
		}
	})
	t.Run("config timeout", func(t *testing.T) {
		t.Parallel()
		start := time.Now()
		_, err := local(Config{Timeout: 300 * time.Millisecond}).Fetch(context.Background(), slow.URL)
		if !errors.Is(err, fault.ErrTimeout) {
			t.Fatalf("got %v; want ErrTimeout", err)
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("got %v; want it to wrap context.DeadlineExceeded", err)
		}
		if got, want := err.Error(), "page timed out after 300ms"; got != want {
			t.Errorf("got %q; want %q", got, want)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("got timeout after %v; want about 300ms", d)
		}
	})
	t.Run("caller deadline", func(t *testing.T) {
		t.Parallel()
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		_, err := local(Config{Timeout: 5 * time.Second}).Fetch(ctx, slow.URL)
		if !errors.Is(err, fault.ErrTimeout) {
			t.Fatalf("got %v; want ErrTimeout", err)
		}
		// The message names what was left of the caller's deadline when the
		// fetch began: 200ms less the moments a loaded machine takes to get
		// there, so it is read back as a duration, not matched as text.
		msg, ok := strings.CutPrefix(err.Error(), "page timed out after ")
		if !ok {
			t.Fatalf("got %q; want \"page timed out after <the caller's deadline>\"", err)
		}
		d, perr := time.ParseDuration(msg)
		if perr != nil || d <= 100*time.Millisecond || d > 200*time.Millisecond || d%time.Millisecond != 0 {
			t.Errorf("got %q; want the caller's 200ms deadline, less the time to start, in whole milliseconds", err)
		}
	})
	t.Run("caller cancel", func(t *testing.T) {
		t.Parallel()
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(100*time.Millisecond, cancel)
		_, err := local(Config{Timeout: 5 * time.Second}).Fetch(ctx, slow.URL)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("got %v; want context.Canceled", err)
		}
		if errors.Is(err, fault.ErrTimeout) {
			t.Errorf("got %v; want it not to be ErrTimeout", err)
		}
	})
	t.Run("deadline during retry backoff", func(t *testing.T) {
		t.Parallel()
		srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusServiceUnavailable)
		})
		_, err := local(Config{Timeout: 150 * time.Millisecond, Retries: 10}).Fetch(context.Background(), srv.URL)
		if !errors.Is(err, fault.ErrTimeout) {
			t.Fatalf("got %v; want ErrTimeout", err)
		}
	})
}

func TestRetries(t *testing.T) {
	type step struct {
		status     int
		retryAfter string
	}
	tests := []struct {
		name         string
		retries      int
		steps        []step // the last step repeats
		wantErr      error
		wantMsg      string
		wantRequests int64
	}{
		{name: "503 twice then 200", steps: []step{{503, ""}, {503, ""}, {200, ""}}, wantRequests: 3},
		{name: "500 then 200", steps: []step{{500, ""}, {200, ""}}, wantRequests: 2},
		{name: "503 always, default retries", steps: []step{{503, ""}}, wantErr: fault.ErrUnreachable, wantMsg: "page unreachable: HTTP 503 Service Unavailable", wantRequests: 3},
		{name: "503 always, one retry", retries: 1, steps: []step{{503, ""}}, wantErr: fault.ErrUnreachable, wantRequests: 2},
		{name: "503 always, no retries", retries: -1, steps: []step{{503, ""}}, wantErr: fault.ErrUnreachable, wantRequests: 1},
		{name: "502 always", steps: []step{{502, ""}}, wantErr: fault.ErrUnreachable, wantMsg: "page unreachable: HTTP 502 Bad Gateway", wantRequests: 3},
		{name: "404 not retried", steps: []step{{404, ""}}, wantErr: fault.ErrUnreachable, wantMsg: "page unreachable: HTTP 404 Not Found", wantRequests: 1},
		{name: "403 not retried", steps: []step{{403, ""}}, wantErr: fault.ErrUnreachable, wantMsg: "page unreachable: HTTP 403 Forbidden", wantRequests: 1},
		{name: "501 not retried", steps: []step{{501, ""}}, wantErr: fault.ErrUnreachable, wantMsg: "page unreachable: HTTP 501 Not Implemented", wantRequests: 1},
		{name: "429 retry-after 0 then 200", steps: []step{{429, "0"}, {200, ""}}, wantRequests: 2},
		{name: "429 retry-after past the deadline", steps: []step{{429, "3600"}}, wantErr: fault.ErrUnreachable, wantMsg: "page unreachable: HTTP 429 Too Many Requests", wantRequests: 1},
		{name: "429 without retry-after", steps: []step{{429, ""}, {200, ""}}, wantRequests: 2},
		{name: "unknown status", steps: []step{{599, ""}}, retries: -1, wantErr: fault.ErrUnreachable, wantMsg: "page unreachable: HTTP 599", wantRequests: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var n atomic.Int64
			srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
				i := int(n.Add(1)) - 1
				s := tc.steps[min(i, len(tc.steps)-1)]
				if s.retryAfter != "" {
					w.Header().Set("Retry-After", s.retryAfter)
				}
				w.Header().Set("Content-Type", "text/html")
				w.WriteHeader(s.status)
				fmt.Fprintf(w, "<p>attempt %d</p>", i+1)
			})
			page, err := local(Config{Retries: tc.retries, Timeout: 3 * time.Second}).Fetch(context.Background(), srv.URL)
			if got := n.Load(); got != tc.wantRequests {
				t.Errorf("got %d requests; want %d", got, tc.wantRequests)
			}
			if tc.wantErr == nil {
				if err != nil {
					t.Fatalf("got %v; want success", err)
				}
				if want := fmt.Sprintf("<p>attempt %d</p>", tc.wantRequests); string(page.HTML) != want {
					t.Errorf("got HTML %q; want %q", page.HTML, want)
				}
				return
			}
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("got %v; want %v", err, tc.wantErr)
			}
			if tc.wantMsg != "" && err.Error() != tc.wantMsg {
				t.Errorf("got %q; want %q", err.Error(), tc.wantMsg)
			}
		})
	}
}

func TestRetryAfterParsing(t *testing.T) {
	tests := []struct {
		header string
		want   time.Duration
		ok     bool
	}{
		{"", 0, false},
		{"0", 0, true},
		{"2", 2 * time.Second, true},
		{"-1", 0, false},
		{"soon", 0, false},
		{"Mon, 02 Jan 2006 15:04:05 GMT", 0, true}, // in the past
	}
	for _, tc := range tests {
		t.Run(tc.header, func(t *testing.T) {
			resp := &http.Response{Header: http.Header{"Retry-After": {tc.header}}}
			got, ok := retryAfter(resp)
			if got != tc.want || ok != tc.ok {
				t.Errorf("got (%v, %v); want (%v, %v)", got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestBackoff(t *testing.T) {
	for attempt, want := range []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond, 800 * time.Millisecond, time.Second, time.Second} {
		if got := backoff(retryWaitMin, retryWaitMax, attempt, nil); got != want {
			t.Errorf("attempt %d: got %v; want %v", attempt, got, want)
		}
	}
	if got := backoff(retryWaitMin, retryWaitMax, 100, nil); got != retryWaitMax {
		t.Errorf("attempt 100: got %v; want %v", got, retryWaitMax)
	}
}

func TestConnectionRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	for _, retries := range []int{-1, 0} {
		t.Run(fmt.Sprintf("retries %d", retries), func(t *testing.T) {
			_, err := local(Config{Retries: retries}).Fetch(context.Background(), "http://"+addr+"/")
			if !errors.Is(err, fault.ErrUnreachable) {
				t.Fatalf("got %v; want ErrUnreachable", err)
			}
			if got, want := err.Error(), "page unreachable: connection refused"; got != want {
				t.Errorf("got %q; want %q", got, want)
			}
		})
	}
}

func TestUnknownHost(t *testing.T) {
	resolver := fakeDNS(t, nil)
	f := newFetcher(Config{AllowPrivate: true, Timeout: 3 * time.Second}, hooks{resolver: resolver})
	_, err := f.Fetch(context.Background(), "http://nowhere.test/")
	if !errors.Is(err, fault.ErrUnreachable) {
		t.Fatalf("got %v; want ErrUnreachable", err)
	}
	if got, want := err.Error(), `page unreachable: no such host "nowhere.test"`; got != want {
		t.Errorf("got %q; want %q", got, want)
	}
	var dnsErr *net.DNSError
	if !errors.As(err, &dnsErr) {
		t.Errorf("got %T; want the *net.DNSError kept in the chain", err)
	}
}

func TestConcurrentFetch(t *testing.T) {
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, "<p>%s</p>", r.URL.Path)
	})
	f := local(Config{})
	var wg sync.WaitGroup
	errs := make([]error, 20)
	for i := range errs {
		wg.Go(func() {
			path := fmt.Sprintf("/%d", i)
			page, err := f.Fetch(context.Background(), srv.URL+path)
			if err == nil && string(page.HTML) != "<p>"+path+"</p>" {
				err = fmt.Errorf("got HTML %q", page.HTML)
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("fetch %d: %v", i, err)
		}
	}
}

func TestHumanBytes(t *testing.T) {
	tests := map[int64]string{5 << 20: "5 MB", 1 << 10: "1 KB", 1536: "1536 bytes", 100: "100 bytes", 3 << 10: "3 KB"}
	for n, want := range tests {
		if got := humanBytes(n); got != want {
			t.Errorf("humanBytes(%d): got %q; want %q", n, got, want)
		}
	}
}
