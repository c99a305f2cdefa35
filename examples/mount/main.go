// Command mount serves the Marketing Fork API at /marketing/ inside an
// existing http.ServeMux, beside a route of its own (/). It imports only the
// module's public packages, so it builds from any module:
//
//	go run ./examples/mount --addr 127.0.0.1:8080 --store ./data/mount.db
//	go run ./examples/mount --store postgres://user@localhost/app
//	go run ./examples/mount --store memory
//	curl -s localhost:8080/marketing/v1/profiles
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/httpapi"
	"github.com/marketingfork/fork/provider/rules"
	"github.com/marketingfork/fork/store"
	"github.com/marketingfork/fork/store/memory"
	"github.com/marketingfork/fork/store/postgres"
	"github.com/marketingfork/fork/store/sqlite"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "listen address")
	where := flag.String("store", "./data/mount.db", `where keys, quotas and metrics are kept: a SQLite file, a postgres:// URL, or "memory"`)
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *addr, *where); err != nil {
		fmt.Fprintln(os.Stderr, "mount:", err)
		os.Exit(1)
	}
}

// openStore picks the store the --store flag names.
func openStore(ctx context.Context, where string) (store.Store, error) {
	switch {
	case where == "memory":
		return memory.New(), nil
	case strings.HasPrefix(where, "postgres://"), strings.HasPrefix(where, "postgresql://"):
		return postgres.Open(ctx, where)
	default:
		return sqlite.Open(ctx, where)
	}
}

func run(ctx context.Context, addr, where string) error {
	st, err := openStore(ctx, where)
	if err != nil {
		return err
	}
	defer st.Close()
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	api, err := httpapi.New(httpapi.Config{
		Forker:  fork.New(fork.WithProvider(rules.New())),
		Store:   st,
		Version: "example",
		Logger:  logger,
	})
	if err != nil {
		return err
	}

	mux := http.NewServeMux()
	// The application's own route.
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(w, "Our shop. The Marketing Fork API is at /marketing/ (try /marketing/v1/profiles).\n")
	})
	// The API under a prefix: it derives its links from the prefix.
	mux.Handle("/marketing/", http.StripPrefix("/marketing", api))

	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 60 * time.Second, MaxHeaderBytes: 64 << 10}
	fmt.Printf("listening on http://%s (API at /marketing/, %s store)\n", ln.Addr(), st.Kind())
	served := make(chan error, 1)
	// httpapi.Listener gives the errors net/http writes itself (a malformed
	// header's 400, a 431) the API's JSON shape.
	go func() { served <- srv.Serve(httpapi.Listener(ln)) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	err = srv.Shutdown(sctx)
	if cerr := api.Close(sctx); err == nil {
		err = cerr
	}
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
