package apierr_test

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"strings"
	"testing"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/apierr"
	"github.com/marketingfork/fork/internal/fault"
	"github.com/marketingfork/fork/store"
)

// sentinels names every sentinel a surface can meet, by the package that
// declares it. TestEverySentinelHasARow checks the declarations in the
// source against this list, so a new sentinel cannot be added without
// being placed here, and so without a row.
var sentinels = map[string]error{
	"fork.ErrInvalidInput":     fork.ErrInvalidInput,
	"fork.ErrBlocked":          fork.ErrBlocked,
	"fork.ErrUnreachable":      fork.ErrUnreachable,
	"fork.ErrTimeout":          fork.ErrTimeout,
	"fork.ErrTooLarge":         fork.ErrTooLarge,
	"fork.ErrNotHTML":          fork.ErrNotHTML,
	"fork.ErrTooDeep":          fork.ErrTooDeep,
	"fork.ErrNoCopy":           fork.ErrNoCopy,
	"fork.ErrUnsupported":      fork.ErrUnsupported,
	"fork.ErrProvider":         fork.ErrProvider,
	"fork.ErrNoVariant":        fork.ErrNoVariant,
	"fault.ErrInvalidInput":    fault.ErrInvalidInput,
	"fault.ErrBlocked":         fault.ErrBlocked,
	"fault.ErrUnreachable":     fault.ErrUnreachable,
	"fault.ErrTimeout":         fault.ErrTimeout,
	"fault.ErrTooLarge":        fault.ErrTooLarge,
	"fault.ErrNotHTML":         fault.ErrNotHTML,
	"fault.ErrTooDeep":         fault.ErrTooDeep,
	"fault.ErrNoCopy":          fault.ErrNoCopy,
	"fault.ErrUnsupported":     fault.ErrUnsupported,
	"fault.ErrProvider":        fault.ErrProvider,
	"fault.ErrNoVariant":       fault.ErrNoVariant,
	"store.ErrNotFound":        store.ErrNotFound,
	"store.ErrUnavailable":     store.ErrUnavailable,
	"apierr.ErrUnauthorized":   apierr.ErrUnauthorized,
	"apierr.ErrRateLimited":    apierr.ErrRateLimited,
	"apierr.ErrNoSandbox":      apierr.ErrNoSandbox,
	"apierr.ErrBusy":           apierr.ErrBusy,
	"apierr.ErrBodyUnreadable": apierr.ErrBodyUnreadable,
	"apierr.ErrBodyTimeout":    apierr.ErrBodyTimeout,
	"apierr.ErrSourceNotKept":  apierr.ErrSourceNotKept,
	"apierr.ErrNoSourceURL":    apierr.ErrNoSourceURL,
	"store.ErrInvalidCursor":   store.ErrInvalidCursor,
	"context.Canceled":         context.Canceled,
	"context.DeadlineExceeded": context.DeadlineExceeded,
}

// declaredErrors lists the package-level Err… variables a source file
// declares, as pkg.Name.
func declaredErrors(t *testing.T, pkg, file string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, s := range gd.Specs {
			for _, n := range s.(*ast.ValueSpec).Names {
				if strings.HasPrefix(n.Name, "Err") && n.IsExported() {
					names = append(names, pkg+"."+n.Name)
				}
			}
		}
	}
	if len(names) == 0 {
		t.Fatalf("%s declares no Err… variables: has it moved?", file)
	}
	return names
}

func TestEverySentinelHasARow(t *testing.T) {
	var declared []string
	for pkg, file := range map[string]string{
		"fork":   "../../errors.go",
		"fault":  "../fault/fault.go",
		"store":  "../../store/store.go",
		"apierr": "apierr.go",
	} {
		declared = append(declared, declaredErrors(t, pkg, file)...)
	}
	for _, name := range declared {
		if _, ok := sentinels[name]; !ok {
			t.Errorf("%s is declared but not in this test's list: add it, and a catalog row for it", name)
		}
	}
	for name, s := range sentinels {
		t.Run(name, func(t *testing.T) {
			e, ok := apierr.Lookup(fmt.Errorf("wrapped: %w", s))
			if !ok {
				t.Fatalf("no catalog row for %s", name)
			}
			found := false
			for _, rs := range e.Sentinels {
				found = found || rs == s
			}
			if !found {
				t.Errorf("%s is reported as %q, a row for %v", name, e.Type, e.Sentinels)
			}
		})
	}
}

func TestRowsAreComplete(t *testing.T) {
	types := map[string]bool{}
	for _, e := range apierr.Entries() {
		t.Run(e.Type, func(t *testing.T) {
			if types[e.Type] {
				t.Errorf("type %q has two rows", e.Type)
			}
			types[e.Type] = true
			if len(e.Sentinels) == 0 || e.Title == "" || e.Hint == "" || http.StatusText(e.Status) == "" && e.Status != apierr.StatusClientClosed {
				t.Errorf("row is incomplete: %+v", e)
			}
			if (e.Status == http.StatusUnprocessableEntity) != (e.Field != "") {
				t.Errorf("a 422 row, and only one, names the field it blames: status %d, field %q", e.Status, e.Field)
			}
		})
	}
}

// A slow model is a provider timeout, not a slow page, whichever order the
// error's chain names them in; a slow page stays a page timeout.
func TestLookupOrder(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"provider timeout", fault.ProviderTimeout("no answer in %s", "30s"), "provider_timeout"},
		{"timeout then provider", fmt.Errorf("%w: %w", fork.ErrTimeout, fork.ErrProvider), "provider_timeout"},
		{"provider then timeout", fmt.Errorf("%w: %w", fork.ErrProvider, fork.ErrTimeout), "provider_timeout"},
		{"page timeout", fmt.Errorf("fetch: %w", fork.ErrTimeout), "page_timeout"},
		{"provider failure", fmt.Errorf("model: %w", fork.ErrProvider), "provider_failed"},
		{"validation error", &fork.ValidationError{Fields: []fork.FieldError{{Field: "url"}}}, "url_parsing"},
		{"unknown", errors.New("disk on fire"), "internal"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _ := apierr.Lookup(tt.err)
			if e.Type != tt.want {
				t.Errorf("Lookup(%v).Type = %q, want %q", tt.err, e.Type, tt.want)
			}
		})
	}
}

// A row that keeps the cause private never shows it.
func TestDetail(t *testing.T) {
	secret := fmt.Errorf("%w: upstream said: sk-live-123 quota", fork.ErrProvider)
	e, _ := apierr.Lookup(secret)
	if d := e.Detail(secret); strings.Contains(d, "sk-live") {
		t.Errorf("Detail leaks the cause: %q", d)
	}
	blocked := fmt.Errorf("%w: 10.0.0.1 is private", fork.ErrBlocked)
	e, _ = apierr.Lookup(blocked)
	if d := e.Detail(blocked); !strings.Contains(d, "10.0.0.1") {
		t.Errorf("Detail hides what the caller must fix: %q", d)
	}
}
