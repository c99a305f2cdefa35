package export_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/marketingfork/fork/export"
)

// visualChangeSchema states GrowthBook's VisualChange.yaml
// (growthbook/growthbook, packages/back-end/src/api/openapi/schemas,
// commit 3aff08a) as JSON Schema: a variation is required; each DOM
// mutation needs a selector, an action of append, set or remove, and an
// attribute; every field is a string.
const visualChangeSchema = `{
  "type": "object",
  "required": ["variation"],
  "properties": {
    "description": {"type": "string"},
    "css": {"type": "string"},
    "variation": {"type": "string"},
    "domMutations": {
      "type": "array",
      "items": {
        "type": "object",
        "required": ["selector", "action", "attribute"],
        "properties": {
          "selector": {"type": "string"},
          "action": {"type": "string", "enum": ["append", "set", "remove"]},
          "attribute": {"type": "string"},
          "value": {"type": "string"},
          "parentSelector": {"type": "string"},
          "insertBeforeSelector": {"type": "string"}
        }
      }
    }
  }
}`

// optimizelyVariationSchema states the Variation schema derived from
// Optimizely's REST API (api-evangelist/optimizely,
// json-schema/optimizely-variation-schema.json): Optimizely publishes no
// JSON Schema for a change's fields that we could find, so this checks the
// shape (integer weight within 0..10000, actions with changes whose type is
// a string) and the change types Optimizely's API documents are checked on
// top of it.
const optimizelyVariationSchema = `{
  "type": "object",
  "properties": {
    "variation_id": {"type": "integer"},
    "name": {"type": "string"},
    "weight": {"type": "integer", "minimum": 0, "maximum": 10000},
    "actions": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "page_id": {"type": "integer"},
          "changes": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": {"type": {"type": "string"}, "value": {"type": "string"}}
            }
          }
        }
      }
    }
  }
}`

func compile(t *testing.T, name, schema string) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(name, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// instance round-trips v through JSON, as a tool's API receives it.
func instance(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

func TestSchemas(t *testing.T) {
	plain, src := forkPage(t, "busy-professional")
	moved, _ := forkPage(t, "cautious")
	e, err := export.New(src, plain, moved)
	if err != nil {
		t.Fatal(err)
	}
	vc := compile(t, "visualchange.json", visualChangeSchema)
	gb := e.GrowthBook()
	for _, c := range gb.VisualChangeset.VisualChanges {
		if err := vc.Validate(instance(t, c)); err != nil {
			t.Errorf("GrowthBook visual change for variation %s: %v", c.Variation, err)
		}
	}
	// The validator does refuse what VisualChange.yaml refuses.
	bad := gb.VisualChangeset.VisualChanges[0]
	bad.DOMMutations = append([]export.GrowthBookMutation{{Selector: "h1", Action: "replace", Attribute: "html"}}, bad.DOMMutations...)
	if err := vc.Validate(instance(t, bad)); err == nil {
		t.Error("an action outside append|set|remove validated")
	}

	ov := compile(t, "variation.json", optimizelyVariationSchema)
	documented := map[string]bool{"attribute": true, "custom_code": true, "custom_css": true, "insert_html": true, "insert_image": true, "redirect": true}
	op := e.Optimizely()
	weights := 0
	for _, v := range op.Experiment.Variations {
		weights += v.Weight
		if err := ov.Validate(instance(t, v)); err != nil {
			t.Errorf("Optimizely variation %q: %v", v.Name, err)
		}
		for _, a := range v.Actions {
			for _, c := range a.Changes {
				if !documented[c.Type] {
					t.Errorf("change type %q is not one Optimizely documents", c.Type)
				}
				if c.Type == "attribute" && (c.Selector == "" || len(c.Attributes) == 0) {
					t.Errorf("attribute change without selector or attributes: %+v", c)
				}
			}
		}
	}
	if weights != 10000 {
		t.Errorf("variation weights add up to %d, want 10000", weights)
	}
	if err := ov.Validate(instance(t, map[string]any{"weight": 20000})); err == nil {
		t.Error("a weight over 10000 validated")
	}
}
