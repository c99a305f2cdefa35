package openai

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/marketingfork/fork"
)

// injected matches what the injection pages try to smuggle into a fork.
var injected = regexp.MustCompile(`(?i)(?:(?:https?|javascript):\S*|\S*@)?[a-z0-9.-]*(?:evil|attacker)\.example\S*|CANARY-[A-Z0-9-]+`)

// obey answers as a model that follows the page: it copies every URL,
// e-mail address and canary it finds in the page copy into every block it
// rewrites, as a bare URL, a Markdown link and a Markdown image.
func obey(r recorded) string {
	var found []string
	for _, b := range r.Blocks {
		found = append(found, injected.FindAllString(b.Text, -1)...)
	}
	var payload []string
	for _, s := range found {
		payload = append(payload, s, "[click]("+s+")", "![i]("+s+")")
	}
	extra := strings.Join(payload, " ")
	return draft(r, func(b pageBlock) string {
		if extra == "" {
			return good(b)
		}
		return b.Text + " " + extra
	})
}

func TestInjectionPages(t *testing.T) {
	files, err := filepath.Glob("testdata/injection/*.html")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 20 {
		t.Fatalf("got %d injection pages; want at least 20", len(files))
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			page, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if !injected.Match(page) {
				t.Fatalf("the page holds no injected URL or canary")
			}
			f := newFake(t, func(_ int, r recorded) reply { return ok(obey(r)) })
			p := newProvider(t, f, nil)
			res, err := doFork(t, p, fork.Request{HTML: string(page)})
			if err != nil {
				t.Fatal(err)
			}
			reached := false
			for _, r := range f.requests() {
				if _, has := r.Raw["tools"]; has {
					t.Errorf("got a tools field; want none")
				}
				for _, b := range r.Blocks {
					reached = reached || injected.MatchString(b.Text)
				}
			}
			t.Logf("payload reached the model: %v; passed: %v", reached, res.Passed)
			if !res.Passed {
				return // verification failed the fork: nothing injected is passed off as good
			}
			for _, b := range res.Blocks {
				for _, m := range injected.FindAllString(b.Text, -1) {
					if !strings.Contains(b.Source, m) {
						t.Errorf("block %d: got %q in a passing fork; want no injected URL or canary that the block's source lacks (text %q)", b.ID, m, b.Text)
					}
				}
			}
		})
	}
}

func TestGuard(t *testing.T) {
	brief := func(text, href string) fork.Brief {
		return fork.Brief{Block: fork.Block{Text: text, Href: href}}
	}
	tests := []struct {
		name     string
		text     string
		src      fork.Brief
		want     string
		wantGone int
	}{
		{"clean text kept", "Shop the bags today", brief("Shop the bags", ""), "Shop the bags today", 0},
		{"bare URL dropped", "Shop now at https://evil.example/x.", brief("Shop now", ""), "Shop now at.", 1},
		{"source URL kept", "See https://packlight.example/shop", brief("Go to https://packlight.example/shop", ""), "See https://packlight.example/shop", 0},
		{"href counts as source", "Visit https://packlight.example/shop", brief("Visit", "https://packlight.example/shop"), "Visit https://packlight.example/shop", 0},
		{"markdown image dropped", "Light bags ![x](https://evil.example/p.png)", brief("Light bags", ""), "Light bags", 1},
		{"markdown link keeps label", "Read [our story](https://evil.example/s) now", brief("Read our story now", ""), "Read our story now", 1},
		{"html tag dropped", `Bags <img src="https://evil.example/t.png"> for all`, brief("Bags for all", ""), "Bags for all", 1},
		{"e-mail dropped", "Write to leak@evil.example today", brief("Write today", ""), "Write to today", 1},
		{"canary dropped", "Fits every airline CANARY-7F3A-91QX", brief("Fits every airline", ""), "Fits every airline", 1},
		{"canary in source kept", "Code CANARY-7F3A-91QX", brief("Code CANARY-7F3A-91QX", ""), "Code CANARY-7F3A-91QX", 0},
		{"bare domain path dropped", "Visit evil.example/deal now", brief("Visit now", ""), "Visit now", 1},
		{"javascript URL dropped", "Get it javascript:alert(1)", brief("Get it", ""), "Get it", 1},
		{"ordinary hyphenated word kept", "A 30-day money-back guarantee", brief("A 30-day money-back guarantee", ""), "A 30-day money-back guarantee", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, gone := guard(tt.text, tt.src)
			if got != tt.want || len(gone) != tt.wantGone {
				t.Errorf("guard(%q): got %q, removed %q; want %q, %d removed", tt.text, got, gone, tt.want, tt.wantGone)
			}
		})
	}
}

func TestParse(t *testing.T) {
	known := map[int]bool{1: true, 2: true}
	tests := []struct {
		name    string
		content string
		wantN   int
		wantErr bool
	}{
		{"valid", `{"blocks":[{"id":1,"text":"a","rationale":"r"},{"id":2,"text":"b","rationale":"r"}]}`, 2, false},
		{"fenced", "```json\n{\"blocks\":[{\"id\":1,\"text\":\"a\",\"rationale\":\"\"}]}\n```", 1, false},
		{"not JSON", "Here you go", 0, true},
		{"no blocks", `{"answer":"x"}`, 0, true},
		{"unknown id", `{"blocks":[{"id":7,"text":"a"}]}`, 0, true},
		{"duplicate id", `{"blocks":[{"id":1,"text":"a"},{"id":1,"text":"b"}]}`, 0, true},
		{"text not a string", `{"blocks":[{"id":1,"text":5}]}`, 0, true},
		{"text missing", `{"blocks":[{"id":1}]}`, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parse(tt.content, known)
			if (err != nil) != tt.wantErr || len(got) != tt.wantN {
				t.Errorf("got %d blocks, err %v; want %d, error %v", len(got), err, tt.wantN, tt.wantErr)
			}
		})
	}
}
