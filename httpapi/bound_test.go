package httpapi

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestLongInputIsNotEchoedWhole: a 422 about a 100 KB field echoes at most
// a kilobyte of it.
func TestLongInputIsNotEchoedWhole(t *testing.T) {
	e := newEnv(t, nil)
	key, _ := e.newKey()
	long := strings.Repeat("é", 50_000) // 100 KB, two bytes a rune
	r := e.do("POST", "/v1/fork", `{"url":"`+long+`"}`, "X-API-Key", key)
	wantStatus(t, r, http.StatusUnprocessableEntity)
	if len(r.body) > 4<<10 {
		t.Errorf("the 422 is %d bytes; want the input cut", len(r.body))
	}
	var got struct {
		Detail []struct{ Input any } `json:"detail"`
	}
	if err := json.Unmarshal(r.body, &got); err != nil || len(got.Detail) == 0 {
		t.Fatalf("%v: %s", err, r.body)
	}
	s, _ := got.Detail[0].Input.(string)
	if !strings.HasSuffix(s, "…") || !strings.HasPrefix(s, "éé") || len(s) > maxEcho+len("…") {
		t.Errorf("input echoed as %d bytes %.40q…; want at most %d bytes ending in …", len(s), s, maxEcho)
	}
}

func TestBoundValue(t *testing.T) {
	budget := maxEchoTotal
	v := boundValue(map[string]any{"a": strings.Repeat("x", 5000), "b": []any{"short", 3.0}}, &budget).(map[string]any)
	if got := v["a"].(string); len(got) != maxEcho+len("…") {
		t.Errorf("a cut to %d bytes", len(got))
	}
	if got := v["b"].([]any); got[0] != "short" || got[1] != 3.0 {
		t.Errorf("b = %v", got)
	}
	budget = 10
	if got := boundValue("0123456789abc", &budget); got != "0123456789…" || budget != 0 {
		t.Errorf("got %q, budget %d", got, budget)
	}
	if got := boundValue("more", &budget); got != "…" {
		t.Errorf("past the budget: got %q", got)
	}
}
