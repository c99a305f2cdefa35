package openai

import (
	"context"
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork"
)

// Refusals as the servers answer them, written from their documentation
// and issue trackers: the status and the body, byte for byte what the
// endpoint sends.
const (
	// llama-cpp-python's server (0.3.36, recorded) validates
	// response_format.type against "text" and "json_object" and answers the
	// validation error as a 500.
	llamaCppPythonSchema = `{"error":{"message":"1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), 'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema', 'ctx': {'expected': \"'text' or 'json_object'\"}}\n\n  File \"/venv/lib/python3.11/site-packages/llama_cpp/server/app.py\", line 376, in create_chat_completion\n    POST /v1/chat/completions","type":"internal_server_error","param":null,"code":null}}`
	// llama.cpp's llama-server before json_schema support: a 500 too.
	llamaServerSchema = `{"error":{"code":500,"message":"response_format type must be one of \"text\" or \"json_object\", but got: json_schema","type":"server_error"}}`
	// vLLM answers outside OpenAI's envelope, with the pydantic errors as
	// the message.
	vllmSchema    = `{"object":"error","message":"[{'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), 'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema', 'ctx': {'expected': \"'text' or 'json_object'\"}}]","type":"BadRequestError","param":null,"code":400}`
	vllmMaxTokens = `{"object":"error","message":"[{'type': 'extra_forbidden', 'loc': ('body', 'max_completion_tokens'), 'msg': 'Extra inputs are not permitted', 'input': 2048}]","type":"BadRequestError","param":null,"code":400}`
	// Ollama's OpenAI-compatible endpoint, for a format it does not know.
	ollamaSchema = `{"error":{"message":"invalid response_format type: json_schema","type":"invalid_request_error","param":null,"code":null}}`
	// OpenAI, for a model without Structured Outputs, and Azure OpenAI on
	// an API version that predates max_completion_tokens.
	openaiSchema    = `{"error":{"message":"Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model. Learn more about supported models at the Structured Outputs guide.","type":"invalid_request_error","param":null,"code":null}}`
	openaiSchemaObj = `{"error":{"message":"Additional properties are not allowed ('schema' was unexpected) - 'response_format'","type":"invalid_request_error","param":"response_format","code":null}}`
	openaiMaxTokens = `{"error":{"message":"Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.","type":"invalid_request_error","param":"max_tokens","code":"unsupported_parameter"}}`
	azureMaxTokens  = `{"error":{"message":"Unrecognized request argument supplied: max_completion_tokens","type":"invalid_request_error","param":null,"code":null}}`
	// An OpenAI-compatible gateway that knows no response_format at all.
	gatewayNoFormat = `{"detail":[{"type":"extra_forbidden","loc":["body","response_format"],"msg":"Extra inputs are not permitted"}]}`
)

// both is a call that bounds its completion with both fields.
const both = "max_tokens and max_completion_tokens"

// refusal is one thing an endpoint refuses, and how: a request whose
// response format (shape) or completion limit's field (limit) is value is
// answered status and body.
type refuse struct {
	shape, limit string
	status       int
	body         string
}

// answer is what an endpoint with refusals rs answers a request of this
// shape and limit: the first refusal that matches, or 0 to accept.
func answer(rs []refuse, shape, limit string) (int, string) {
	for _, r := range rs {
		if (r.shape != "" && r.shape == shape) || (r.limit != "" && (r.limit == limit || limit == both)) {
			return r.status, r.body
		}
	}
	return 0, ""
}

// shapeOf names the request's response format as format.String does, and
// the field that bounds its completion.
func shapeOf(raw map[string]any) (shape, limit string) {
	shape = formatPlain.String()
	if rf, ok := raw["response_format"].(map[string]any); ok {
		shape, _ = rf["type"].(string)
		if _, ok := rf["schema"]; ok {
			shape += " with schema"
		}
	}
	_, mct := raw["max_completion_tokens"]
	_, mt := raw["max_tokens"]
	switch {
	case mct && mt:
		limit = both
	case mct:
		limit = "max_completion_tokens"
	case mt:
		limit = "max_tokens"
	}
	return shape, limit
}

func TestDialects(t *testing.T) {
	plan := planFor(t, fork.Request{HTML: readPage(t, "page-en.html")})
	type call struct{ Shape, Limit string }
	const (
		schemaCall = "json_schema"
		objSchema  = "json_object with schema"
		objCall    = "json_object"
		plainCall  = "plain prompt"
		mct        = "max_completion_tokens"
		mt         = "max_tokens"
	)
	tests := []struct {
		name   string
		refuse []refuse
		want   []call // the first fork's calls, refusals included
		second call   // the shape the next fork starts in
	}{
		{name: "OpenAI accepts json_schema", want: []call{{schemaCall, both}}, second: call{schemaCall, both}},
		{name: "OpenAI model without structured outputs",
			refuse: []refuse{{shape: schemaCall, status: 400, body: openaiSchema}, {shape: objSchema, status: 400, body: openaiSchemaObj}},
			want:   []call{{schemaCall, both}, {objSchema, both}, {objCall, both}}, second: call{objCall, both}},
		{name: "llama-cpp-python answers 500",
			refuse: []refuse{{shape: schemaCall, status: 500, body: llamaCppPythonSchema}},
			want:   []call{{schemaCall, both}, {objSchema, both}}, second: call{objSchema, both}},
		{name: "llama-server answers 500",
			refuse: []refuse{{shape: schemaCall, status: 500, body: llamaServerSchema}},
			want:   []call{{schemaCall, both}, {objSchema, both}}, second: call{objSchema, both}},
		{name: "older vLLM refuses json_schema and max_completion_tokens",
			refuse: []refuse{{limit: mct, status: 400, body: vllmMaxTokens}, {shape: schemaCall, status: 400, body: vllmSchema}},
			want:   []call{{schemaCall, both}, {schemaCall, mt}, {objSchema, mt}}, second: call{objSchema, mt}},
		{name: "Ollama",
			refuse: []refuse{{shape: schemaCall, status: 400, body: ollamaSchema}},
			want:   []call{{schemaCall, both}, {objSchema, both}}, second: call{objSchema, both}},
		{name: "Azure OpenAI on an old API version",
			refuse: []refuse{{limit: mct, status: 400, body: azureMaxTokens}},
			want:   []call{{schemaCall, both}, {schemaCall, mt}}, second: call{schemaCall, mt}},
		{name: "OpenAI reasoning model refuses max_tokens",
			refuse: []refuse{{limit: mt, status: 400, body: openaiMaxTokens}},
			want:   []call{{schemaCall, both}, {schemaCall, mct}}, second: call{schemaCall, mct}},
		{name: "a gateway that knows no response_format answers 422",
			refuse: []refuse{{shape: schemaCall, status: 422, body: gatewayNoFormat}, {shape: objSchema, status: 422, body: gatewayNoFormat}, {shape: objCall, status: 422, body: gatewayNoFormat}},
			want:   []call{{schemaCall, both}, {objSchema, both}, {objCall, both}, {plainCall, both}}, second: call{plainCall, both}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFake(t, func(_ int, r recorded) reply {
				shape, limit := shapeOf(r.Raw)
				if status, body := answer(tt.refuse, shape, limit); status != 0 {
					return reply{Status: status, Body: body}
				}
				return ok(draft(r, good))
			})
			p := newProvider(t, f, nil)
			calls := func(from int) []call {
				var out []call
				for _, r := range f.requests()[from:] {
					s, l := shapeOf(r.Raw)
					out = append(out, call{s, l})
				}
				return out
			}
			if _, err := p.Rewrite(context.Background(), plan); err != nil {
				t.Fatalf("first fork: %v", err)
			}
			if diff := cmp.Diff(tt.want, calls(0)); diff != "" {
				t.Errorf("first fork's calls (-want +got):\n%s", diff)
			}
			n := len(f.requests())
			if _, err := p.Rewrite(context.Background(), plan); err != nil {
				t.Fatalf("second fork: %v", err)
			}
			if diff := cmp.Diff([]call{tt.second}, calls(n)); diff != "" {
				t.Errorf("second fork's calls, in the dialect learnt (-want +got):\n%s", diff)
			}
		})
	}
}

// A 500 that does not name the request's shape is a server fault: it is
// retried as before, in the same dialect.
func TestServerFaultIsNotARefusal(t *testing.T) {
	plan := planFor(t, fork.Request{HTML: readPage(t, "page-en.html")})
	f := newFake(t, func(n int, r recorded) reply {
		if n == 1 {
			return reply{Status: http.StatusInternalServerError, Header: map[string]string{"Retry-After": "0"}, Body: `{"error":{"message":"CUDA out of memory","type":"server_error"}}`}
		}
		return ok(draft(r, good))
	})
	p := newProvider(t, f, nil)
	if _, err := p.Rewrite(context.Background(), plan); err != nil {
		t.Fatal(err)
	}
	for i, r := range f.requests() {
		if s, _ := shapeOf(r.Raw); s != "json_schema" {
			t.Errorf("call %d asked in %q; want json_schema throughout", i+1, s)
		}
	}
}
