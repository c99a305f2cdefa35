package httpapi

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestIdempotencyOnMeaning: the same JSON with its fields in another order
// and other white space, under the same key, is a replay, not a reuse.
func TestIdempotencyOnMeaning(t *testing.T) {
	e := newEnv(t, nil)
	key, _ := e.newKey()
	url := e.pageURL("/page")
	first := e.do("POST", "/v1/fork", `{"url":"`+url+`","profile":"cautious","language_layer":"plain"}`, "X-API-Key", key, "Idempotency-Key", "k-1")
	wantStatus(t, first, http.StatusOK)
	again := e.do("POST", "/v1/fork", "{\n  \"language_layer\": \"plain\",\n  \"profile\": \"cautious\",\n  \"url\": \""+url+"\"\n}", "X-API-Key", key, "Idempotency-Key", "k-1")
	wantStatus(t, again, http.StatusOK)
	if again.header.Get("Idempotent-Replayed") != "true" {
		t.Error("reordered fields were not replayed")
	}
	// A value that differs is still another request.
	other := e.do("POST", "/v1/fork", `{"profile":"cautious","language_layer":"everyday","url":"`+url+`"}`, "X-API-Key", key, "Idempotency-Key", "k-1")
	wantStatus(t, other, http.StatusUnprocessableEntity)
}

func TestBodyDigest(t *testing.T) {
	same := [][]string{
		{`{"a":1,"b":[1,2]}`, ` { "b" : [1, 2], "a" : 1 } `},
		{`{"n":1.50}`, `{"n": 1.50}`},
		{`{"a":{"y":1,"x":2}}`, `{"a":{"x":2,"y":1}}`},
	}
	for _, p := range same {
		if bodyDigest([]byte(p[0])) != bodyDigest([]byte(p[1])) {
			t.Errorf("%s and %s differ", p[0], p[1])
		}
	}
	differ := [][]string{
		{`{"n":1.5}`, `{"n":1.50}`}, // numbers as written: 1.5 and 1.50 may mean other things to a caller
		{`{"a":1}`, `{"a":"1"}`},
		{`{"a":1}`, `{"a":1} {"b":2}`},
		{`not json`, `not  json`},
	}
	for _, p := range differ {
		if bodyDigest([]byte(p[0])) == bodyDigest([]byte(p[1])) {
			t.Errorf("%s and %s are the same", p[0], p[1])
		}
	}
}

// TestIdempotentReplyCap: an answer over the cap is sent but not kept, and
// the key then says why it cannot be replayed.
func TestIdempotentReplyCap(t *testing.T) {
	var page strings.Builder
	page.WriteString(`<html lang="en"><body><h1>A long page</h1>`)
	for i := 0; page.Len() < 60<<10; i++ {
		fmt.Fprintf(&page, "<p>Paragraph %d tells the reader at some length how the product helps a team plan its week, share its work and finish on time, with every detail spelled out. %s</p>", i,
			strings.Repeat("The team sees what is due, who owns it and what is blocked, and the week ends with the work done. ", 5))
	}
	// The page's copy stays under the Forker's bound (WithMaxCopy); its
	// script makes the answer, which carries the whole page, large.
	page.WriteString("<script>/*" + strings.Repeat("x", 2400<<10) + "*/</script>")
	page.WriteString(`<a class="btn" href="/buy">Buy now</a></body></html>`)
	big := page.String()
	mux := pageMux(nil)
	root := http.NewServeMux()
	root.Handle("/", mux)
	root.HandleFunc("GET /big", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, big)
	})
	e := newEnv(t, root)
	key, _ := e.newKey()
	body := `{"url":"` + e.pageURL("/big") + `"}`
	first := e.do("POST", "/v1/fork", body, "X-API-Key", key, "Idempotency-Key", "big-1")
	wantStatus(t, first, http.StatusOK)
	if len(first.body) <= maxIdemReply {
		t.Fatalf("the answer is %d bytes; the test needs one over %d", len(first.body), maxIdemReply)
	}
	again := e.do("POST", "/v1/fork", body, "X-API-Key", key, "Idempotency-Key", "big-1")
	wantStatus(t, again, http.StatusUnprocessableEntity)
	if !strings.Contains(string(again.body), "idempotency_reply_not_kept") {
		t.Errorf("got %s; want idempotency_reply_not_kept", again.body)
	}
}
