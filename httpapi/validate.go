package httpapi

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"github.com/marketingfork/fork"
)

// forkFields returns ForkRequest's fields in declaration order: the order
// in which Pydantic reports their problems. html is the library's optional
// inline page, an extension of the contract.
func forkFields() [6]string {
	return [...]string{"url", "profile", "language_layer", "source_language", "target_language", "html"}
}

// decodeForkRequest reads a POST /v1/fork body as FastAPI would validate it
// against ForkRequest with Pydantic v2, and returns the request with its
// defaults applied, or every problem at once. Unknown fields are ignored,
// and a field that is absent or empty takes its default (fork.Request's
// WithDefaults).
func decodeForkRequest(body []byte) (fork.Request, []item) {
	body = bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")) // Python drops a UTF-8 BOM too
	if len(body) == 0 {
		return fork.Request{}, []item{{Type: "missing", Loc: []any{"body"}, Msg: "Field required", Input: nil}}
	}
	if se := checkJSON(body); se != nil {
		return fork.Request{}, []item{{Type: "json_invalid", Loc: []any{"body", se.pos}, Msg: "JSON decode error",
			Input: map[string]any{}, Ctx: map[string]any{"error": se.msg}}}
	}
	trimmed := bytes.TrimSpace(body)
	switch trimmed[0] {
	case 'n': // FastAPI treats a JSON null body as no body
		return fork.Request{}, []item{{Type: "missing", Loc: []any{"body"}, Msg: "Field required", Input: nil}}
	case '{':
	default:
		return fork.Request{}, []item{{Type: "model_attributes_type", Loc: []any{"body"},
			Msg: "Input should be a valid dictionary or object to extract fields from", Input: json.RawMessage(trimmed)}}
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(trimmed, &raw); err != nil {
		// checkJSON accepted it, so this cannot happen; say so plainly if
		// it ever does.
		return fork.Request{}, []item{{Type: "json_invalid", Loc: []any{"body", 0}, Msg: "JSON decode error",
			Input: map[string]any{}, Ctx: map[string]any{"error": err.Error()}}}
	}
	var (
		items  []item
		values = map[string]string{}
	)
	for _, name := range forkFields() {
		v, ok := raw[name]
		if !ok {
			continue
		}
		var s string
		if v[0] != '"' || json.Unmarshal(v, &s) != nil {
			items = append(items, item{Type: "string_type", Loc: bodyLoc(name), Msg: "Input should be a valid string", Input: v})
			continue
		}
		values[name] = s
	}
	// strict is the one boolean field, an extension like html.
	var strict bool
	if s, ok := raw["strict"]; ok && (string(s) == "null" || json.Unmarshal(s, &strict) != nil) {
		items = append(items, item{Type: "bool_type", Loc: bodyLoc("strict"), Msg: "Input should be a valid boolean", Input: s})
	}
	brand, brandItems := decodeBrand(raw)
	items = append(items, brandItems...)
	req := fork.Request{
		Brand:          brand,
		Strict:         strict,
		URL:            values["url"],
		Profile:        values["profile"],
		LanguageLayer:  values["language_layer"],
		SourceLanguage: values["source_language"],
		TargetLanguage: values["target_language"],
		HTML:           values["html"],
	}.WithDefaults()
	// The contract's profile and layer are enums, matched exactly as
	// Pydantic matches a Literal: the library's case-insensitive reading
	// ("Skeptic") is for people at a command line, not for the wire.
	var exact []fork.FieldError
	// A field sent empty takes its default, as one left out does: the Go
	// SDK sends fork.Request whole, "" where the caller set nothing, and
	// the schema lists "" among the values (contractSchemas).
	for _, name := range []string{"profile", "language_layer"} {
		if v := values[name]; v != "" && !slices.Contains(enumValues(name), v) {
			exact = append(exact, fork.FieldError{Field: name, Type: "enum", Input: v})
		}
	}
	items = append(items, fieldItems(exact, json.RawMessage(trimmed))...)
	if err := req.Validate(); err != nil {
		fe, ok := err.(*fork.ValidationError)
		if !ok {
			return req, append(items, item{Type: "value_error", Loc: []any{"body"}, Msg: "Value error, " + err.Error(), Input: json.RawMessage(trimmed)})
		}
		for _, it := range fieldItems(fe.Fields, json.RawMessage(trimmed)) {
			// A field that is not a string was left at its default and
			// already has its item.
			if !slices.ContainsFunc(items, func(o item) bool { return o.Loc[1] == it.Loc[1] }) {
				items = append(items, it)
			}
		}
	}
	slices.SortStableFunc(items, func(a, b item) int { return fieldRank(a.Loc) - fieldRank(b.Loc) })
	return req, items
}

func fieldRank(loc []any) int {
	if len(loc) < 2 {
		return -1
	}
	name, _ := loc[1].(string)
	fields := forkFields()
	if i := slices.Index(brandFields[:], name); i >= 0 {
		return len(fields) + i
	}
	return slices.Index(fields[:], name)
}

// brandFields are the request's brand fields (fork.Brand), after the
// others in the order problems are reported.
var brandFields = [...]string{"keep", "glossary", "avoid", "voice"}

// decodeBrand reads the brand's fields as Pydantic reads list[str],
// dict[str, str] and str: each value of the wrong type is an item, a
// null included, as for the request's other fields; leave a field out
// for none.
func decodeBrand(raw map[string]json.RawMessage) (fork.Brand, []item) {
	var (
		b     fork.Brand
		items []item
	)
	list := func(name string) []string {
		v, ok := raw[name]
		if !ok {
			return nil
		}
		var elems []json.RawMessage
		if v[0] != '[' || json.Unmarshal(v, &elems) != nil {
			items = append(items, item{Type: "list_type", Loc: bodyLoc(name), Msg: "Input should be a valid list", Input: v})
			return nil
		}
		out := make([]string, 0, len(elems))
		for i, e := range elems {
			var s string
			if len(e) == 0 || e[0] != '"' || json.Unmarshal(e, &s) != nil {
				items = append(items, item{Type: "string_type", Loc: []any{"body", name, i}, Msg: "Input should be a valid string", Input: e})
				continue
			}
			out = append(out, s)
		}
		return out
	}
	b.Keep = list("keep")
	b.Avoid = list("avoid")
	if v, ok := raw["glossary"]; ok {
		var m map[string]json.RawMessage
		if v[0] != '{' || json.Unmarshal(v, &m) != nil {
			items = append(items, item{Type: "dict_type", Loc: bodyLoc("glossary"), Msg: "Input should be a valid dictionary", Input: v})
		} else {
			b.Glossary = make(map[string]string, len(m))
			for k, e := range m {
				var s string
				if len(e) == 0 || e[0] != '"' || json.Unmarshal(e, &s) != nil {
					items = append(items, item{Type: "string_type", Loc: []any{"body", "glossary", k}, Msg: "Input should be a valid string", Input: e})
					continue
				}
				b.Glossary[k] = s
			}
		}
	}
	if v, ok := raw["voice"]; ok {
		if v[0] != '"' || json.Unmarshal(v, &b.Voice) != nil {
			items = append(items, item{Type: "string_type", Loc: bodyLoc("voice"), Msg: "Input should be a valid string", Input: v})
		}
	}
	return b, items
}

// fieldItems turns the library's field errors into Pydantic's items. body
// is the request object, which Pydantic gives as the input of a missing
// field; nil when unknown.
func fieldItems(fields []fork.FieldError, body json.RawMessage) []item {
	items := make([]item, 0, len(fields))
	for _, f := range fields {
		it := item{Type: f.Type, Loc: bodyLoc(f.Field), Msg: f.Msg, Input: f.Input}
		switch f.Type {
		case "missing":
			it.Msg, it.Input = "Field required", body
			if body == nil {
				it.Input = map[string]any{}
			}
		case "enum":
			expected := quotedList(enumValues(f.Field))
			it.Msg, it.Ctx = "Input should be "+expected, map[string]any{"expected": expected}
		case "url_parsing":
			it.Msg, it.Ctx = "Input should be a valid URL, "+f.Msg, map[string]any{"error": f.Msg}
		case "value_error":
			// A language field's message is langtag's, written by the
			// library's validation: `"und-GB" is not a valid BCP 47
			// language tag (it names a region but no language); use a tag
			// such as en, en-GB, de-CH or pt-BR`.
			it.Msg, it.Ctx = "Value error, "+f.Msg, map[string]any{"error": f.Msg}
		}
		items = append(items, it)
	}
	return items
}

// enumValues lists the allowed values of an enumerated field.
func enumValues(field string) []string {
	if field == "language_layer" {
		return fork.LayerNames()
	}
	return fork.ProfileNames()
}

// quotedList writes values as Pydantic does in an enum error:
// "'a', 'b' or 'c'".
func quotedList(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = "'" + v + "'"
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}
