package fork_test

import (
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestPublicAPINamesItsTypes reads every public package as an importer
// does and fails when an exported name holds, takes or returns a type
// defined under internal/ that no public package gives a name to: such a
// type is one an importer can receive but cannot write down.
func TestPublicAPINamesItsTypes(t *testing.T) {
	out, err := exec.Command("go", "list", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var public []string
	for _, p := range strings.Fields(string(out)) {
		if !strings.Contains(p, "/internal/") && !strings.Contains(p, "/cmd/") && !strings.Contains(p, "/examples/") {
			public = append(public, p)
		}
	}
	// Export data from the build cache: as fast as a build, and the types
	// exactly as the compiler gives them to an importer.
	exp, err := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}} {{.Export}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list -export: %v", err)
	}
	exports := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(exp)), "\n") {
		if path, file, ok := strings.Cut(line, " "); ok && file != "" {
			exports[path] = file
		}
	}
	imp := importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	})
	named := map[*types.TypeName]bool{} // internal types some public alias names
	reached := map[*types.TypeName]string{}
	var walk func(typ types.Type, where string, seen map[types.Type]bool)
	walk = func(typ types.Type, where string, seen map[types.Type]bool) {
		if seen[typ] {
			return
		}
		seen[typ] = true
		switch t := typ.(type) {
		case *types.Alias:
			walk(types.Unalias(t), where, seen)
		case *types.Named:
			obj := t.Obj()
			if obj.Pkg() != nil && strings.Contains(obj.Pkg().Path(), "/internal/") {
				if _, ok := reached[obj]; !ok {
					reached[obj] = where
				}
				// What an internal type exposes is reachable too.
				walk(t.Underlying(), where+" → "+obj.Name(), seen)
				for i := range t.NumMethods() {
					if m := t.Method(i); m.Exported() {
						walk(m.Type(), where+" → "+obj.Name()+"."+m.Name(), seen)
					}
				}
			}
			for i := range t.TypeArgs().Len() {
				walk(t.TypeArgs().At(i), where, seen)
			}
		case *types.Pointer:
			walk(t.Elem(), where, seen)
		case *types.Slice:
			walk(t.Elem(), where, seen)
		case *types.Array:
			walk(t.Elem(), where, seen)
		case *types.Map:
			walk(t.Key(), where, seen)
			walk(t.Elem(), where, seen)
		case *types.Chan:
			walk(t.Elem(), where, seen)
		case *types.Signature:
			for i := range t.Params().Len() {
				walk(t.Params().At(i).Type(), where, seen)
			}
			for i := range t.Results().Len() {
				walk(t.Results().At(i).Type(), where, seen)
			}
		case *types.Struct:
			for i := range t.NumFields() {
				if f := t.Field(i); f.Exported() || f.Embedded() {
					walk(f.Type(), where+"."+f.Name(), seen)
				}
			}
		case *types.Interface:
			for i := range t.NumMethods() {
				walk(t.Method(i).Type(), where+"."+t.Method(i).Name(), seen)
			}
		}
	}
	for _, path := range public {
		pkg, err := imp.Import(path)
		if err != nil {
			t.Fatalf("import %s: %v", path, err)
		}
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			obj := scope.Lookup(name)
			if !obj.Exported() {
				continue
			}
			where := pkg.Name() + "." + name
			if tn, ok := obj.(*types.TypeName); ok && tn.IsAlias() {
				if n, ok := types.Unalias(tn.Type()).(*types.Named); ok {
					named[n.Obj()] = true
				}
			}
			seen := map[types.Type]bool{}
			walk(obj.Type(), where, seen)
			if n, ok := obj.Type().(*types.Named); ok {
				for i := range n.NumMethods() {
					if m := n.Method(i); m.Exported() {
						walk(m.Type(), where+"."+m.Name(), seen)
					}
				}
				if _, isIface := n.Underlying().(*types.Interface); !isIface {
					ptr := types.NewMethodSet(types.NewPointer(n))
					for i := range ptr.Len() {
						if m := ptr.At(i).Obj(); m.Exported() {
							walk(m.Type(), where+"."+m.Name(), seen)
						}
					}
				}
			}
		}
	}
	for obj, where := range reached {
		if !named[obj] {
			t.Errorf("%s reaches %s.%s, which no public package names: add an alias", where, obj.Pkg().Path(), obj.Name())
		}
	}
}
