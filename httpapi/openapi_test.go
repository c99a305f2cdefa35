package httpapi

import (
	"bytes"
	"encoding/json"
	"flag"
	"mime"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

var update = flag.Bool("update", false, "rewrite openapi.json from the generated document")

// marshalDoc is the generated document as openapi.json holds it.
func marshalDoc(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(openAPIDocument()); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestOpenAPIDrift fails when openapi.json (what is served) is not what
// the code generates. Run `go test ./httpapi -run TestOpenAPIDrift -update`
// to rewrite it.
func TestOpenAPIDrift(t *testing.T) {
	got := marshalDoc(t)
	if *update {
		if err := os.WriteFile("openapi.json", got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(got, openAPIDoc) {
		var g, w any
		_ = json.Unmarshal(got, &g)
		_ = json.Unmarshal(openAPIDoc, &w)
		t.Errorf("openapi.json is out of date; run go test ./httpapi -run TestOpenAPIDrift -update\n(-file +generated):\n%s", cmp.Diff(w, g))
	}
}

// TestOpenAPIContract checks what the contract fixes in the document.
func TestOpenAPIContract(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
		t.Fatal(err)
	}
	get := func(v any, path ...string) any {
		for _, p := range path {
			m, ok := v.(map[string]any)
			if !ok {
				t.Fatalf("no %v in the document", path)
			}
			v = m[p]
		}
		return v
	}
	if got, want := doc["openapi"], "3.1.0"; got != want {
		t.Errorf("openapi = %v; want %v", got, want)
	}
	if got, want := get(doc, "info", "version"), "1.0.0"; got != want {
		t.Errorf("info.version = %v; want %v", got, want)
	}
	if diff := cmp.Diff(map[string]any{"name": "MIT", "identifier": "MIT"}, get(doc, "info", "license")); diff != "" {
		t.Errorf("info.license (-want +got):\n%s", diff)
	}
	props := get(doc, "components", "schemas", "ForkRequest", "properties").(map[string]any)
	for field, want := range map[string]string{"url": "", "profile": "enthusiast", "language_layer": "everyday", "source_language": "en", "target_language": "en"} {
		if got := get(props, field, "default"); got != want {
			t.Errorf("ForkRequest.%s default = %v; want %q", field, got, want)
		}
		if got := get(props, field, "type"); got != "string" {
			t.Errorf("ForkRequest.%s type = %v; want string", field, got)
		}
	}
	if got := get(doc, "components", "schemas", "ForkRequest", "required"); got != nil {
		t.Errorf("ForkRequest.required = %v; want none (every field is optional)", got)
	}
	if diff := cmp.Diff([]any{"loc", "msg", "type"}, get(doc, "components", "schemas", "ValidationError", "required")); diff != "" {
		t.Errorf("ValidationError.required (-want +got):\n%s", diff)
	}
	if got := get(doc, "components", "schemas", "HTTPValidationError", "properties", "detail", "items", "$ref"); got != "#/components/schemas/ValidationError" {
		t.Errorf("HTTPValidationError.detail items = %v", got)
	}

	wantOps := map[string][]string{
		"/health": {"get"}, "/v1/status": {"get"}, "/v1/profiles": {"get"}, "/v1/fork": {"post"}, "/metrics": {"get"},
		"/openapi.json": {"get"}, "/get-key": {"get", "post"}, "/.well-known/oauth-protected-resource": {"get"},
		"/{path}": {"get", "post", "put", "patch", "delete", "options"},
		"/.well-known/oauth-protected-resource/mcp": {"get"}, "/mcp": {"post"},
		"/ask": {"get", "post"}, "/llms.txt": {"get"},
		"/.well-known/oauth-authorization-server": {"get"}, "/oauth/register": {"post"},
		"/oauth/authorize": {"get", "post"}, "/oauth/token": {"post"},
		"/skill/marketing-fork/SKILL.md": {"get"}, "/skill/marketing-fork/references/profiles.md": {"get"},
		"/skill/marketing-fork/references/layers.md": {"get"}, "/skill/marketing-fork/examples/tidyflow-skeptic-plain.json": {"get"},
		"/v1/forks": {"get"}, "/v1/forks/{id}": {"get", "delete"}, "/v1/forks/{id}/page": {"get"},
		"/v1/forks/{id}/export": {"get"}, "/v1/forks/{id}/drift": {"get"}, "/app": {"get"},
	}
	paths := doc["paths"].(map[string]any)
	if got, want := len(paths), len(wantOps); got != want {
		t.Errorf("%d paths; want %d", got, want)
	}
	for path, methods := range wantOps {
		for _, m := range methods {
			op, ok := get(paths, path, m).(map[string]any)
			if !ok {
				t.Errorf("no operation %s %s", m, path)
				continue
			}
			params, _ := op["parameters"].([]any)
			if len(params) > 0 || op["requestBody"] != nil {
				if get(op, "responses", "422", "content", "application/json", "schema", "$ref") != "#/components/schemas/HTTPValidationError" {
					t.Errorf("%s %s has inputs but no 422 HTTPValidationError response", m, path)
				}
			}
			if ok200 := get(op, "responses", "200"); ok200 != nil {
				if _, hasJSON := get(ok200, "content").(map[string]any)["application/json"]; !hasJSON && path != "/get-key" && path != "/app" && path != "/oauth/authorize" && path != "/llms.txt" && path != "/v1/forks/{id}/page" && !strings.HasPrefix(path, "/skill/") {
					t.Errorf("%s %s: 200 is not declared as JSON", m, path)
				}
			}
		}
	}
	wantHeaders := map[string][]string{
		"/v1/profiles": {"authorization", "x-api-key", "x-sandbox"},
		"/v1/fork":     {"authorization", "x-api-key", "x-sandbox", "Idempotency-Key"},
	}
	for path, names := range wantHeaders {
		var got []string
		for _, p := range get(paths, path).(map[string]any) {
			for _, param := range p.(map[string]any)["parameters"].([]any) {
				pm := param.(map[string]any)
				got = append(got, pm["name"].(string))
				if pm["in"] != "header" || pm["required"] != false {
					t.Errorf("%s: parameter %v is not an optional header", path, pm["name"])
				}
				str := map[string]any{"type": "string"}
				if pm["name"] == "Idempotency-Key" {
					str = idemKeySchema
				}
				wantSchema := map[string]any{"anyOf": []any{str, map[string]any{"type": "null"}}, "title": pm["name"]}
				if diff := cmp.Diff(wantSchema, pm["schema"]); diff != "" {
					t.Errorf("%s: parameter %v schema (-want +got):\n%s", path, pm["name"], diff)
				}
			}
		}
		if diff := cmp.Diff(names, got); diff != "" {
			t.Errorf("%s header parameters (-want +got):\n%s", path, diff)
		}
	}
}

// openAPIChecker validates real answers against the served document.
type openAPIChecker struct {
	doc      map[string]any
	compiler *jsonschema.Compiler

	mu      sync.Mutex
	schemas map[string]*jsonschema.Schema
}

const docURL = "https://mfork.test/openapi.json"

func newOpenAPIChecker(t *testing.T) *openAPIChecker {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(openAPIDoc))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(docURL, inst); err != nil {
		t.Fatal(err)
	}
	return &openAPIChecker{doc: doc, compiler: c, schemas: map[string]*jsonschema.Schema{}}
}

// pointer escapes a JSON pointer token.
func pointer(tok string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(tok)
}

// check fails t when the answer to method path is not declared by the
// document: its operation, its status, its content type and, for JSON, its
// body's schema.
// templatePath finds the documented path template ("/v1/forks/{id}") that
// path fills in and that has the method, or the catch-all "/{path}".
func templatePath(paths map[string]any, path, method string) string {
	segs := strings.Split(path, "/")
	for tmpl, item := range paths {
		if tmpl == "/{path}" || !strings.Contains(tmpl, "{") {
			continue
		}
		if item.(map[string]any)[method] == nil {
			continue
		}
		tsegs := strings.Split(tmpl, "/")
		if len(tsegs) != len(segs) {
			continue
		}
		match := true
		for i, ts := range tsegs {
			if !strings.HasPrefix(ts, "{") && ts != segs[i] || strings.HasPrefix(ts, "{") && segs[i] == "" {
				match = false
				break
			}
		}
		if match {
			return tmpl
		}
	}
	return "/{path}"
}

func (c *openAPIChecker) check(t *testing.T, method, path string, r response) {
	t.Helper()
	if method == http.MethodHead {
		return
	}
	m := strings.ToLower(method)
	paths := c.doc["paths"].(map[string]any)
	docPath := path
	if item, ok := paths[path].(map[string]any); !ok || item[m] == nil {
		docPath = templatePath(paths, path, m)
	}
	op, ok := paths[docPath].(map[string]any)[m].(map[string]any)
	if !ok {
		t.Errorf("%s %s: no operation %s %s in the document", method, path, m, docPath)
		return
	}
	status := strconv.Itoa(r.status)
	resp, ok := op["responses"].(map[string]any)[status].(map[string]any)
	if !ok {
		t.Errorf("%s %s: status %s is not declared for %s %s", method, path, status, m, docPath)
		return
	}
	content, _ := resp["content"].(map[string]any)
	if len(r.body) == 0 && len(content) == 0 {
		return
	}
	mt, _, _ := mime.ParseMediaType(r.header.Get("Content-Type"))
	if _, ok := content[mt]; !ok {
		t.Errorf("%s %s: %s answer with content type %q, not declared", method, path, status, mt)
		return
	}
	if mt != "application/json" {
		return
	}
	loc := docURL + "#/paths/" + pointer(docPath) + "/" + m + "/responses/" + status + "/content/" + pointer(mt) + "/schema"
	c.mu.Lock()
	sch, ok := c.schemas[loc]
	if !ok {
		var err error
		if sch, err = c.compiler.Compile(loc); err != nil {
			c.mu.Unlock()
			t.Fatalf("compile %s: %v", loc, err)
		}
		c.schemas[loc] = sch
	}
	c.mu.Unlock()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(r.body))
	if err != nil {
		t.Errorf("%s %s: %s body is not JSON: %v", method, path, status, err)
		return
	}
	if err := sch.Validate(inst); err != nil {
		t.Errorf("%s %s: %s body does not match the document:\n%v\nbody: %.500s", method, path, status, err, r.body)
	}
}
