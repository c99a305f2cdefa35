package httpapi

import (
	"net/http"
	"strings"
	"testing"
)

// TestOneCredential: a request carrying two credentials is refused even
// when one of them is valid, on /v1/fork and on the agent endpoints, so
// that no client or proxy header order decides which key is used.
func TestOneCredential(t *testing.T) {
	e := newEnv(t, nil)
	key, _ := e.newKey()
	other, _ := e.newKey()
	body := `{"url":"` + e.pageURL("/page") + `"}`
	cases := []struct {
		name    string
		headers [][2]string
	}{
		{"valid then invalid Authorization", [][2]string{{"Authorization", "Bearer " + key}, {"Authorization", "Bearer mf_invalid"}}},
		{"valid Authorization, invalid X-API-Key", [][2]string{{"Authorization", "Bearer " + key}, {"X-API-Key", "mf_invalid"}}},
		{"invalid Authorization, valid X-API-Key", [][2]string{{"Authorization", "Bearer mf_invalid"}, {"X-API-Key", key}}},
		{"the same key twice", [][2]string{{"Authorization", "Bearer " + key}, {"X-API-Key", key}}},
		{"two valid keys", [][2]string{{"X-API-Key", key}, {"X-API-Key", other}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest("POST", e.srv.URL+e.prefix+"/v1/fork", strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			for _, h := range tc.headers {
				req.Header.Add(h[0], h[1])
			}
			r := e.send(req)
			wantStatus(t, r, http.StatusUnauthorized)
			if !strings.Contains(string(r.body), "one API key") {
				t.Errorf("body %s does not say to send one key", r.body)
			}
		})
	}
	// One credential, and an empty second header, is still one credential.
	req, _ := http.NewRequest("POST", e.srv.URL+e.prefix+"/v1/fork", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Add("X-API-Key", key)
	req.Header.Add("Authorization", "  ")
	wantStatus(t, e.send(req), http.StatusOK)
}
