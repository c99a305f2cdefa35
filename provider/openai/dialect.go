package openai

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync/atomic"

	oai "github.com/openai/openai-go"
	"github.com/openai/openai-go/option"
	"github.com/openai/openai-go/shared"
)

// format is a way of asking for JSON, from the most to the least
// structured. An endpoint that refuses one is asked in the next.
type format int32

const (
	// formatJSONSchema is response_format json_schema, strict (OpenAI, vLLM).
	formatJSONSchema format = iota
	// formatJSONObjectSchema is json_object with the schema beside it, as
	// llama.cpp's servers and vLLM read it to constrain the answer.
	formatJSONObjectSchema
	// formatJSONObject is json_object alone.
	formatJSONObject
	// formatPlain sends no response_format: the prompt alone asks for JSON.
	formatPlain
)

func (f format) String() string {
	return [...]string{"json_schema", "json_object with schema", "json_object", "plain prompt"}[f]
}

// dialect is what the provider's endpoint accepts, learnt from its
// refusals and kept for the provider's life: one provider talks to one
// endpoint, so the first refusal is the only one paid for. Calls run side
// by side, so the fields are atomic.
type dialect struct {
	format atomic.Int32
	limit  atomic.Int32
}

// limit is the field, or fields, that bound a call's completion. Both go
// until the endpoint refuses one: OpenAI's reasoning models refuse
// max_tokens, older servers max_completion_tokens, and llama-cpp-python's
// server reads only max_tokens and ignores the other, so sending one alone
// could leave a call unbounded.
type limit int32

const (
	limitBoth limit = iota
	limitCompletion
	limitMaxTokens
)

// ask is the dialect one call is made in.
type ask struct {
	format format
	limit  limit
}

func (d *dialect) current() ask {
	return ask{format: format(d.format.Load()), limit: limit(d.limit.Load())}
}

// apply writes the call's response format and completion limit into
// params, and returns the request options that carry what the SDK's types
// have no field for (a schema beside json_object).
func (a ask) apply(params *oai.ChatCompletionNewParams, completion int64) []option.RequestOption {
	if a.limit != limitCompletion {
		params.MaxTokens = oai.Int(completion)
	}
	if a.limit != limitMaxTokens {
		params.MaxCompletionTokens = oai.Int(completion)
	}
	switch a.format {
	case formatJSONSchema:
		params.ResponseFormat = oai.ChatCompletionNewParamsResponseFormatUnion{OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{
			JSONSchema: shared.ResponseFormatJSONSchemaJSONSchemaParam{Name: "fork_draft", Strict: oai.Bool(true), Schema: schema},
		}}
	case formatJSONObjectSchema:
		params.ResponseFormat = oai.ChatCompletionNewParamsResponseFormatUnion{OfJSONObject: &shared.ResponseFormatJSONObjectParam{}}
		return []option.RequestOption{option.WithJSONSet("response_format.schema", schema)}
	case formatJSONObject:
		params.ResponseFormat = oai.ChatCompletionNewParamsResponseFormatUnion{OfJSONObject: &shared.ResponseFormatJSONObjectParam{}}
	}
	return nil
}

// learn reads an endpoint's refusal of a call made in a: when the answer
// refuses the response format or the completion limit's field, the dialect
// moves past what was refused and learn reports that the call is worth
// making again. A call that raced another's refusal finds the dialect
// already moved, and is made again too.
func (d *dialect) learn(err error, a ask) bool {
	text, ok := refusal(err)
	if !ok {
		return false
	}
	again := false
	if strings.Contains(text, "response_format") || (a.format == formatJSONSchema && strings.Contains(text, "json_schema")) {
		if a.format < formatPlain {
			d.format.CompareAndSwap(int32(a.format), int32(a.format+1))
			again = true
		}
	}
	if a.limit == limitBoth {
		switch refusedLimit(err, text) {
		case "max_tokens":
			d.limit.CompareAndSwap(int32(limitBoth), int32(limitCompletion))
			again = true
		case "max_completion_tokens":
			d.limit.CompareAndSwap(int32(limitBoth), int32(limitMaxTokens))
			again = true
		}
	}
	return again
}

// refusedLimit names the completion limit's field a refusal is about: the
// error's param when it names one, else the field the message names first
// (OpenAI's "'max_tokens' is not supported ... Use 'max_completion_tokens'
// instead" is about max_tokens).
func refusedLimit(err error, text string) string {
	var apiErr *oai.Error
	if errors.As(err, &apiErr) {
		switch apiErr.Param {
		case "max_tokens", "max_completion_tokens":
			return apiErr.Param
		}
	}
	i, j := strings.Index(text, "max_tokens"), strings.Index(text, "max_completion_tokens")
	switch {
	case i >= 0 && (j < 0 || i < j):
		return "max_tokens"
	case j >= 0:
		return "max_completion_tokens"
	}
	return ""
}

// refusal returns, lower-cased, what an endpoint said when it refused a
// request's shape: a 400 or 422, or the 500 some servers answer a request
// their validation refused (llama-cpp-python's). Other answers are not
// refusals of the shape.
func refusal(err error) (string, bool) {
	var apiErr *oai.Error
	if !errors.As(err, &apiErr) {
		return "", false
	}
	switch apiErr.StatusCode {
	case http.StatusBadRequest, http.StatusUnprocessableEntity, http.StatusInternalServerError:
	default:
		return "", false
	}
	text := strings.ToLower(apiErr.RawJSON() + " " + apiErr.Message + " " + apiErr.Param)
	if !strings.Contains(text, "response_format") && !strings.Contains(text, "json_schema") && !strings.Contains(text, "max_completion_tokens") && !strings.Contains(text, "max_tokens") {
		return "", false
	}
	return text, true
}

// maxErrorBody bounds how much of an error answer is read.
const maxErrorBody = 64 << 10

// envelope puts an error answer that is not in OpenAI's {"error": {...}}
// envelope into one, so its status and words reach the provider: vLLM
// answers {"object": "error", "message": ...} at the top level and a proxy
// may answer plain text, and the SDK reads only the envelope's fields.
func envelope(req *http.Request, next option.MiddlewareNext) (*http.Response, error) {
	resp, err := next(req)
	if err != nil || resp.StatusCode < 400 {
		return resp, err
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	var probe struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
		Type    string          `json:"type"`
	}
	if json.Unmarshal(body, &probe) != nil || len(probe.Error) == 0 || probe.Error[0] != '{' {
		msg := probe.Message
		if msg == "" {
			msg = strings.TrimSpace(string(body))
		}
		if msg == "" {
			msg = http.StatusText(resp.StatusCode)
		}
		body, _ = json.Marshal(map[string]any{"error": map[string]any{"message": msg, "type": probe.Type}})
		resp.Header.Set("Content-Type", "application/json")
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	resp.ContentLength = int64(len(body))
	return resp, nil
}
