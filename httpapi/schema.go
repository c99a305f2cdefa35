package httpapi

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// schemaGen derives JSON Schemas (2020-12, as OpenAPI 3.1 uses) from the Go
// types the handlers encode, so the published document describes the
// bytes actually sent: a field added to fork.Result shows up in the
// document, and the drift test says so.
//
// It follows encoding/json: json tags name fields, "-" drops them,
// embedded structs are flattened, and a field is required unless it is
// omitempty. A nil slice, map or pointer without omitempty encodes as
// null, so those may be null.
type schemaGen struct {
	components map[string]any
	names      map[reflect.Type]string
}

func newSchemaGen() *schemaGen {
	return &schemaGen{components: map[string]any{}, names: map[reflect.Type]string{}}
}

// named registers t's schema as a component under name and returns a
// reference to it.
func (g *schemaGen) named(t reflect.Type, name string) map[string]any {
	if old, ok := g.names[t]; ok {
		return ref(old)
	}
	if _, taken := g.components[name]; taken {
		panic(fmt.Sprintf("httpapi: two types would be schema %q", name))
	}
	g.names[t] = name
	g.components[name] = nil // reserve the name: types may refer to themselves
	g.components[name] = g.object(t, name)
	return ref(name)
}

func ref(name string) map[string]any { return map[string]any{"$ref": "#/components/schemas/" + name} }

// schema is the schema of a value of type t.
func (g *schemaGen) schema(t reflect.Type) map[string]any {
	switch t {
	case reflect.TypeFor[time.Time]():
		return map[string]any{"type": "string", "format": "date-time"}
	case reflect.TypeFor[json.RawMessage]():
		return map[string]any{}
	}
	switch t.Kind() {
	case reflect.Pointer:
		return g.schema(t.Elem())
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Slice, reflect.Array:
		return map[string]any{"type": "array", "items": g.schema(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": g.schema(t.Elem())}
	case reflect.Interface:
		return map[string]any{}
	case reflect.Struct:
		if t.Name() == "" {
			return g.object(t, "")
		}
		return g.named(t, exportedName(t.Name()))
	}
	panic(fmt.Sprintf("httpapi: no schema for %v", t))
}

// exportedName turns a Go type name into a component name ("forkResponse"
// → "ForkResponse").
func exportedName(name string) string {
	r, n := utf8.DecodeRuneInString(name)
	return string(unicode.ToUpper(r)) + name[n:]
}

// object is the schema of struct type t.
func (g *schemaGen) object(t reflect.Type, title string) map[string]any {
	props := map[string]any{}
	required := []string{}
	g.fields(t, props, &required)
	s := map[string]any{"type": "object", "properties": props}
	if title != "" {
		s["title"] = title
	}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

// fields adds t's JSON fields to props. Embedded structs are flattened
// after the struct's own fields, and a name already taken is skipped: as in
// encoding/json, the shallower field wins.
func (g *schemaGen) fields(t reflect.Type, props map[string]any, required *[]string) {
	var embedded []reflect.Type
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		ft := f.Type
		if f.Anonymous && name == "" {
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				embedded = append(embedded, ft)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if _, taken := props[name]; taken {
			continue
		}
		omit := strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
		s := g.schema(ft)
		if !omit && ft != reflect.TypeFor[json.RawMessage]() && (ft.Kind() == reflect.Slice || ft.Kind() == reflect.Map || ft.Kind() == reflect.Pointer) {
			s = nullable(s)
		}
		props[name] = s
		if !omit {
			*required = append(*required, name)
		}
	}
	for _, et := range embedded {
		g.fields(et, props, required)
	}
}

// nullable lets s be null as well.
func nullable(s map[string]any) map[string]any {
	if typ, ok := s["type"].(string); ok {
		out := map[string]any{}
		for k, v := range s {
			out[k] = v
		}
		out["type"] = []any{typ, "null"}
		return out
	}
	return map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
}
