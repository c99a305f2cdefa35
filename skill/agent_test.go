package skill

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/export"
)

// agentExample is a fork an agent wrote for a corpus page by following
// only SKILL.md. The file keeps only the blocks the agent rewrote: the
// others are the page's own words, copied at test time from the page,
// so no page's text is kept in the project.
type agentExample struct {
	Page   string      `json:"page"`
	Target fork.Target `json:"target"`
	Fork   fork.Draft  `json:"fork"`
}

// corpusDir is the shared corpus of real landing pages, beside the
// checkout.
const corpusDir = "../../shared/corpus"

var placeholder = regexp.MustCompile(`</?\d+/?>`)

// TestAgentWorkedExamples re-verifies the forks an agent wrote by
// following the skill, one per language: each passes every check that
// runs, renders to a page holding its new text, and goes to an A/B test
// through Forker.Adopt and package export.
func TestAgentWorkedExamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "agent", "*.json"))
	if err != nil || len(files) < 3 {
		t.Fatalf("want at least three worked examples in testdata/agent, found %d (%v)", len(files), err)
	}
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skipf("the corpus is not beside this checkout (%v): the worked examples fork its pages", err)
	}
	langs := map[string]bool{}
	f := fork.New()
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			var ex agentExample
			if err := json.Unmarshal([]byte(readFile(t, file)), &ex); err != nil {
				t.Fatal(err)
			}
			page := readFile(t, filepath.Join(corpusDir, ex.Page))
			src, err := f.Extract(context.Background(), fork.Source{HTML: page})
			if err != nil {
				t.Fatal(err)
			}
			langs[strings.SplitN(src.Analysis.Language, "-", 2)[0]] = true
			written := map[int]fork.DraftBlock{}
			for _, b := range ex.Fork.Blocks {
				written[b.ID] = b
			}
			draft := ex.Fork
			draft.Blocks = nil
			for _, b := range src.Blocks {
				db, ok := written[b.ID]
				switch {
				case !ok:
					db = fork.DraftBlock{ID: b.ID, Text: b.Text}
				case placeholder.ReplaceAllString(db.Text, "") == b.Text:
					t.Errorf("block %d is listed but unchanged: list only what the agent rewrote", b.ID)
				case db.Rationale == "":
					t.Errorf("block %d has no rationale", b.ID)
				}
				draft.Blocks = append(draft.Blocks, db)
			}
			if len(written) < 5 {
				t.Errorf("the agent rewrote %d blocks; a worked example rewrites the page, not a word", len(written))
			}
			vr := fork.VerifyRequest{Source: fork.Source{HTML: page}, Fork: draft, Target: ex.Target}
			rep, err := f.Verify(context.Background(), vr)
			if err != nil {
				t.Fatal(err)
			}
			if !rep.Passed || rep.Page == nil {
				t.Fatalf("the worked example fails verification:\n%s", failedChecks(rep))
			}
			for id, b := range written {
				if text := placeholder.ReplaceAllString(b.Text, ""); !strings.Contains(rep.Page.Markdown, firstWords(text, 4)) {
					t.Errorf("the rendered page lacks block %d's text %q", id, text)
				}
			}
			res, err := f.Adopt(context.Background(), vr)
			if err != nil {
				t.Fatal(err)
			}
			exp, err := export.New([]byte(page), res)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := exp.Write(&out, export.Patch); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), `"selector"`) {
				t.Errorf("the export holds no change:\n%.300s", out.String())
			}
		})
	}
	if len(langs) < 3 {
		t.Errorf("the worked examples are in %d languages (%v); want three", len(langs), langs)
	}
}

// firstWords is the start of s, enough to find it in rendered Markdown
// without depending on how the renderer escapes the rest.
func firstWords(s string, n int) string {
	words := strings.Fields(s)
	if len(words) > n {
		words = words[:n]
	}
	return strings.Join(words, " ")
}
