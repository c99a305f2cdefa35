package skill

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/marketingfork/fork"
)

var update = flag.Bool("update", false, "rewrite the generated references from the catalog")

// TestReferencesUpToDate fails when a generated reference differs from
// what the catalog generates now; -update rewrites it.
func TestReferencesUpToDate(t *testing.T) {
	for _, g := range []struct {
		path string
		gen  func() string
	}{
		{ProfilesPath, ProfilesMarkdown},
		{LayersPath, LayersMarkdown},
	} {
		want := g.gen()
		if *update {
			if err := os.MkdirAll(filepath.Dir(g.path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(g.path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(g.path)
		if err != nil {
			t.Fatalf("%v; generate it with: go test ./skill -update", err)
		}
		if diff := cmp.Diff(want, string(got)); diff != "" {
			t.Errorf("%s has drifted from the catalog; regenerate with go test ./skill -update (-generated +file):\n%s", g.path, diff)
		}
	}
}

// TestReferencesCoverCatalog checks the generators write every field a
// writer needs, so a field added to the output by mistake or dropped from
// it shows here rather than in an agent's fork.
func TestReferencesCoverCatalog(t *testing.T) {
	profiles := ProfilesMarkdown()
	for _, p := range fork.Profiles() {
		section := between(profiles, "\n## "+p.Name+"\n", "\n## ")
		if section == "" {
			t.Errorf("profiles.md has no section for %s", p.Name)
			continue
		}
		var want []string
		want = append(want, p.Title, p.Description, p.Pattern.Name, p.Headline, p.CTA,
			"Proof "+p.Pattern.Proof, "price "+p.Pattern.Price, "guarantee "+p.Pattern.Guarantee)
		want = append(want, p.Motivations...)
		want = append(want, p.Objections...)
		want = append(want, p.Proof...)
		for i, r := range p.Pattern.Order {
			want = append(want, fmt.Sprintf("%d. `%s`", i+1, r))
		}
		for _, w := range append(append([]string{}, p.Prefer...), p.Avoid...) {
			want = append(want, "`"+w+"`")
		}
		for _, w := range want {
			if !strings.Contains(section, w) {
				t.Errorf("profiles.md, %s: missing %q", p.Name, w)
			}
		}
	}
	layers := LayersMarkdown()
	for _, l := range fork.Layers() {
		section := between(layers, "\n## "+l.Name+"\n", "\n## ")
		if section == "" {
			t.Errorf("layers.md has no section for %s", l.Name)
			continue
		}
		for _, w := range []string{l.Title, l.Description} {
			if !strings.Contains(section, w) {
				t.Errorf("layers.md, %s: missing %q", l.Name, w)
			}
		}
		for _, r := range l.Rules {
			if !strings.Contains(section, "`layer:"+r.Name+"` | "+r.Description) {
				t.Errorf("layers.md, %s: missing rule %s (%s)", l.Name, r.Name, r.Description)
			}
		}
	}
	for w, repl := range fork.PlainWords() {
		if !strings.Contains(layers, "| "+w+" | "+repl+" |") {
			t.Errorf("layers.md: the common-words table lacks %q → %q", w, repl)
		}
	}
}

// TestSkillFollowsAgentSkillsRules holds SKILL.md to the Agent Skills
// format: frontmatter with a valid name equal to the folder, a description
// of at most 1024 characters, only known keys, and a body under 500 lines.
func TestSkillFollowsAgentSkillsRules(t *testing.T) {
	doc := readFile(t, SkillPath)
	fm, body, err := parseFrontmatter(doc)
	if err != nil {
		t.Fatalf("SKILL.md frontmatter: %v", err)
	}
	allowed := map[string]bool{"name": true, "description": true, "license": true, "allowed-tools": true, "metadata": true, "compatibility": true}
	for _, k := range fm.keys {
		if !allowed[k] {
			t.Errorf("frontmatter has the unknown key %q", k)
		}
	}
	name := fm.values["name"]
	if name != filepath.Base(filepath.Dir(SkillPath)) || name != Name {
		t.Errorf("name %q must equal the folder's name %q", name, filepath.Base(filepath.Dir(SkillPath)))
	}
	if !regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`).MatchString(name) || utf8.RuneCountInString(name) > 64 {
		t.Errorf("name %q must be 1–64 lowercase letters, digits and single inner hyphens", name)
	}
	desc := fm.values["description"]
	if n := utf8.RuneCountInString(desc); strings.TrimSpace(desc) == "" || n > 1024 {
		t.Errorf("description has %d characters; want 1–1024", n)
	}
	if c, ok := fm.values["compatibility"]; ok && (c == "" || utf8.RuneCountInString(c) > 500) {
		t.Errorf("compatibility has %d characters; want 1–500", utf8.RuneCountInString(c))
	}
	if l, ok := fm.values["license"]; ok && strings.TrimSpace(l) == "" {
		t.Error("license is empty")
	}
	if n := strings.Count(strings.TrimRight(body, "\n"), "\n") + 1; n >= 500 {
		t.Errorf("SKILL.md body has %d lines; keep it under 500 and move detail into references/", n)
	}
	for _, p := range fork.ProfileNames() {
		if !strings.Contains(body, p) {
			t.Errorf("SKILL.md does not name the profile %s", p)
		}
	}
	for _, l := range fork.LayerNames() {
		if !strings.Contains(body, l) {
			t.Errorf("SKILL.md does not name the layer %s", l)
		}
	}
	for _, want := range []string{"references/profiles.md", "references/layers.md", "examples/tidyflow-skeptic-plain.json"} {
		if !strings.Contains(body, "]("+want+")") {
			t.Errorf("SKILL.md does not link %s", want)
		}
	}
}

// TestSkillLinks checks that every relative link in the skill's Markdown
// points at a file that exists, and every #anchor at a heading.
func TestSkillLinks(t *testing.T) {
	for _, file := range []string{SkillPath, ProfilesPath, LayersPath} {
		doc := readFile(t, file)
		links := markdownLinks(doc)
		if file == SkillPath && len(links) == 0 {
			t.Fatal("SKILL.md has no links; the link parser is broken")
		}
		for _, l := range links {
			u, err := url.Parse(l)
			if err != nil {
				t.Errorf("%s: link %q: %v", file, l, err)
				continue
			}
			if u.Scheme != "" || u.Host != "" {
				continue // absolute links are not the skill's files
			}
			target := file
			if u.Path != "" {
				if path.IsAbs(u.Path) {
					t.Errorf("%s: link %q is absolute from the root; make it relative to the file", file, l)
					continue
				}
				target = path.Join(path.Dir(file), u.Path)
				if _, err := os.Stat(target); err != nil {
					t.Errorf("%s: link %q points at a missing file", file, l)
					continue
				}
			}
			if u.Fragment != "" && strings.HasSuffix(target, ".md") {
				if !headingSlugs(readFile(t, target))[u.Fragment] {
					t.Errorf("%s: link %q points at a missing heading", file, l)
				}
			}
		}
	}
}

// TestFilesEmbedsSkill checks the embedded folder holds the skill as it is
// on disk.
func TestFilesEmbedsSkill(t *testing.T) {
	if *update {
		t.Skip("the embedded copy is rebuilt with the next test run")
	}
	for _, p := range []string{SkillPath, ProfilesPath, LayersPath, ExamplePath} {
		got, err := fs.ReadFile(Files(), p)
		if err != nil {
			t.Errorf("Files() lacks %s: %v", p, err)
			continue
		}
		if want := readFile(t, p); string(got) != want {
			t.Errorf("Files() holds another %s than the disk", p)
		}
	}
}

// TestLLMSText checks the llmstxt.org format: an H1 first, a one-line
// blockquote summary, paragraphs, then H2 sections of link lists whose
// links are all absolute and resolved against the base address.
func TestLLMSText(t *testing.T) {
	for _, base := range []string{"https://fork.example", "https://fork.example/", "https://api.example.com/marketing"} {
		t.Run(base, func(t *testing.T) {
			txt := LLMSText(base)
			lines := strings.Split(strings.TrimRight(txt, "\n"), "\n")
			if lines[0] != "# Marketing Fork" {
				t.Fatalf("first line %q; want the H1 %q", lines[0], "# Marketing Fork")
			}
			if lines[1] != "" || !strings.HasPrefix(lines[2], "> ") || lines[3] != "" {
				t.Fatalf("want a blank line, a one-line > summary and a blank line after the H1; got %q", lines[1:4])
			}
			item := regexp.MustCompile(`^- \[([^\]]+)\]\((\S+)\)(: \S.*)?$`)
			prefix := strings.TrimRight(base, "/") + "/"
			var sections []string
			targets := map[string]bool{}
			paragraphs := 0
			for i, line := range lines[4:] {
				switch {
				case strings.HasPrefix(line, "# "):
					t.Errorf("line %d: a second H1 %q", i+5, line)
				case strings.HasPrefix(line, "### "):
					t.Errorf("line %d: only H2 sections are allowed, got %q", i+5, line)
				case strings.HasPrefix(line, "## "):
					sections = append(sections, strings.TrimPrefix(line, "## "))
				case line == "":
				case len(sections) == 0:
					if strings.HasPrefix(line, "- ") || strings.HasPrefix(line, ">") {
						t.Errorf("line %d: the text before the sections should be paragraphs: %q", i+5, line)
					}
					paragraphs++
				default:
					m := item.FindStringSubmatch(line)
					if m == nil {
						t.Errorf("line %d in section %s is not a link item \"- [title](url): notes\": %q", i+5, sections[len(sections)-1], line)
						continue
					}
					u, err := url.Parse(m[2])
					if err != nil || !u.IsAbs() || u.Host == "" {
						t.Errorf("link %q is not absolute", m[2])
						continue
					}
					if !strings.HasPrefix(m[2], prefix) {
						t.Errorf("link %q is not under the base %q", m[2], prefix)
						continue
					}
					targets[strings.TrimPrefix(m[2], prefix)] = true
				}
			}
			if paragraphs < 2 {
				t.Errorf("want a few paragraphs between the summary and the sections, got %d", paragraphs)
			}
			if diff := cmp.Diff([]string{"API", "Agents", "Skill", "Optional"}, sections); diff != "" {
				t.Errorf("sections (-want +got):\n%s", diff)
			}
			for _, want := range []string{"openapi.json", "v1/profiles", "v1/fork", "get-key", "mcp", "ask", "skill/" + SkillPath} {
				if !targets[want] {
					t.Errorf("no link to %s", want)
				}
			}
			for tgt := range targets {
				if p, ok := strings.CutPrefix(tgt, "skill/"); ok {
					if _, err := fs.Stat(Files(), p); err != nil {
						t.Errorf("llms.txt links %s, which the skill does not hold", tgt)
					}
				}
			}
		})
	}
	if a, b := LLMSText("https://fork.example"), LLMSText("https://fork.example/"); a != b {
		t.Error("a trailing slash on the base changes the text")
	}
	if txt := LLMSText("not a url"); !strings.Contains(txt, "](/v1/fork)") {
		t.Error("a base that is not an absolute URL should leave root paths")
	}
}

// TestTidyflowExampleVerifies runs the worked example through the Go API:
// the fork SKILL.md points to must pass every check.
func TestTidyflowExampleVerifies(t *testing.T) {
	page := readFile(t, filepath.Join("..", "testdata", "pages", "tidyflow-en.html"))
	var draft fork.Draft
	dec := json.NewDecoder(strings.NewReader(readFile(t, ExamplePath)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&draft); err != nil {
		t.Fatalf("%s: %v", ExamplePath, err)
	}
	rep := verify(t, page, draft, "skeptic", "plain")
	if !rep.Passed {
		t.Errorf("%s fails verification:\n%s", ExamplePath, failedChecks(rep))
	}
	// SKILL.md states how many facts the example keeps.
	m := regexp.MustCompile(`keeps all (\d+) ledger facts`).FindStringSubmatch(readFile(t, SkillPath))
	if m == nil {
		t.Fatal("SKILL.md no longer says how many ledger facts the Tidyflow example keeps")
	}
	if n, _ := strconv.Atoi(m[1]); n != len(rep.Ledger) {
		t.Errorf("SKILL.md says the example keeps %d ledger facts; the ledger has %d", n, len(rep.Ledger))
	}
	for _, b := range draft.Blocks {
		if strings.TrimSpace(b.Rationale) == "" {
			t.Errorf("block %d of the example has no rationale; the skill asks for one", b.ID)
		}
	}
}

// TestWorkedExampleInSkill runs the short example SKILL.md shows: its
// invented page, its failing first draft and its final fork, so the text
// cannot drift from what the tools say.
func TestWorkedExampleInSkill(t *testing.T) {
	section := between(readFile(t, SkillPath), "\n## Worked example\n", "\n## ")
	if section == "" {
		t.Fatal("SKILL.md has no Worked example section")
	}
	fences := codeFences(section)
	var page, final, failOut string
	for _, f := range fences {
		switch f.lang {
		case "html":
			if page == "" {
				page = f.body
			}
		case "json":
			final = f.body
		case "text":
			failOut = f.body
		}
	}
	args := regexp.MustCompile(`--profile (\S+) --layer (\S+)`).FindStringSubmatch(section)
	if page == "" || final == "" || failOut == "" || args == nil {
		t.Fatal("the worked example needs an html page, a text fence with the failing check, a json fork and an mfork verify line")
	}
	var draft fork.Draft
	dec := json.NewDecoder(strings.NewReader(final))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&draft); err != nil {
		t.Fatalf("the example's fork.json: %v", err)
	}
	rep := verify(t, page, draft, args[1], args[2])
	if !rep.Passed {
		t.Errorf("the worked example's fork fails verification:\n%s", failedChecks(rep))
	}
	if m := regexp.MustCompile(`ledger \((\d+) facts kept\)`).FindStringSubmatch(section); m == nil {
		t.Error("the worked example no longer says how many facts it keeps")
	} else if n, _ := strconv.Atoi(m[1]); n != len(rep.Ledger) {
		t.Errorf("the worked example says %d facts; the ledger has %d", n, len(rep.Ledger))
	}

	// The first draft differs from the final fork in the headline and fails
	// exactly the checks the text fence shows.
	m := regexp.MustCompile("first draft of the headline, `([^`]+)`").FindStringSubmatch(section)
	if m == nil {
		t.Fatal("the worked example no longer shows its first draft of the headline")
	}
	first := fork.Draft{Blocks: append([]fork.DraftBlock(nil), draft.Blocks...)}
	for i, b := range first.Blocks {
		if b.ID == 1 {
			first.Blocks[i].Text = m[1]
		}
	}
	var want []string
	for _, line := range strings.Split(failOut, "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "FAIL" {
			want = append(want, f[1])
		}
	}
	var got []string
	for _, c := range verify(t, page, first, args[1], args[2]).Checks {
		if c.Failed() {
			got = append(got, c.Name)
		}
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the first draft's failed checks differ from what SKILL.md shows (-shown +actual):\n%s", diff)
	}
}

// TestSkillNamesEveryCheck checks SKILL.md's table of checks against the
// checks verification runs, and layers.md against the layer checks.
func TestSkillNamesEveryCheck(t *testing.T) {
	page := readFile(t, filepath.Join("..", "testdata", "pages", "tidyflow-en.html"))
	var draft fork.Draft
	if err := json.Unmarshal([]byte(readFile(t, ExamplePath)), &draft); err != nil {
		t.Fatal(err)
	}
	skill, layers := readFile(t, SkillPath), readFile(t, LayersPath)
	for _, l := range fork.LayerNames() {
		for _, c := range verify(t, page, draft, "skeptic", l).Checks {
			doc, where := skill, "SKILL.md"
			if strings.HasPrefix(c.Name, "layer:") {
				doc, where = layers, "layers.md"
			}
			if !strings.Contains(doc, "`"+c.Name+"`") {
				t.Errorf("%s does not explain the check %s", where, c.Name)
			}
		}
	}
}

// TestBudgetTable checks the length budgets SKILL.md gives for agents
// without a plan against the plan's budgets on the project's pages.
func TestBudgetTable(t *testing.T) {
	want := func(role fork.Role, text string, n int) fork.Budget {
		trimmed := strings.TrimRight(text, " \u00a0\"'”’)»")
		sentence := strings.HasSuffix(trimmed, ".") || strings.HasSuffix(trimmed, "!") || strings.HasSuffix(trimmed, "?")
		switch {
		case role == fork.RoleSubheadline && sentence:
			return fork.Budget{MinChars: 1, MaxChars: max(n*2+20, n+151, 60)}
		}
		switch role {
		case fork.RoleTestimonial, fork.RoleGuarantee, fork.RoleFinePrint:
			return fork.Budget{MinChars: n, MaxChars: n}
		case fork.RoleTitle:
			return fork.Budget{MaxChars: max(n*13/10, 70)}
		case fork.RoleMetaDescription:
			return fork.Budget{MaxChars: max(n*13/10, 160)}
		case fork.RoleHeadline, fork.RoleSubheadline:
			return fork.Budget{MinChars: 1, MaxChars: max(n*3/2+12, 40)}
		case fork.RoleCTA, fork.RoleFAQQuestion:
			return fork.Budget{MinChars: 1, MaxChars: n*3/2 + 12}
		case fork.RolePrice, fork.RoleBullet:
			return fork.Budget{MinChars: 1, MaxChars: n*2 + 20}
		default:
			return fork.Budget{MinChars: n * 2 / 5, MaxChars: n*8/5 + 20}
		}
	}
	pages, err := filepath.Glob(filepath.Join("..", "testdata", "pages", "*.html"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no pages in testdata: %v", err)
	}
	roles := map[fork.Role]bool{}
	for _, p := range pages {
		plan, err := fork.New().Plan(context.Background(), fork.Request{HTML: readFile(t, p)})
		if err != nil {
			continue // a page without copy, kept there for the error path
		}
		for _, b := range plan.Blocks {
			roles[b.Role] = true
			if w := want(b.Role, b.Text, utf8.RuneCountInString(b.Text)); b.Budget != w {
				t.Errorf("%s block %d (%s): the plan's budget %+v, SKILL.md's table gives %+v", filepath.Base(p), b.ID, b.Role, b.Budget, w)
			}
		}
	}
	if len(roles) < 8 {
		t.Errorf("the pages cover only %d roles; the table is barely tested", len(roles))
	}
}

// TestFrontmatterParser covers the parser the rules test relies on.
func TestFrontmatterParser(t *testing.T) {
	fm, body, err := parseFrontmatter("---\nname: a-b\ndescription: \"x: y\"\nmetadata:\n  author: me\n---\nbody\n")
	if err != nil {
		t.Fatal(err)
	}
	if fm.values["name"] != "a-b" || fm.values["description"] != "x: y" || fm.maps["metadata"]["author"] != "me" || body != "body\n" {
		t.Errorf("parsed %+v, body %q", fm, body)
	}
	for _, bad := range []string{
		"name: x\n---\n",                           // no opening line
		"---\nname: x\n",                           // no closing line
		"---\nname: x\nname: y\n---\n",             // duplicate key
		"---\ndescription: a: b\n---\n",            // YAML reads a plain ": " as a mapping
		"---\ndescription: text # comment?\n---\n", // a plain " #" starts a comment
		"---\nname\n---\n",                         // no colon
		"---\n  author: me\n---\n",                 // indented with no map above
		"---\ndescription: \"open\n---\n",          // unterminated quote
	} {
		if _, _, err := parseFrontmatter(bad); err == nil {
			t.Errorf("parseFrontmatter(%q) accepted it", bad)
		}
	}
}

// frontmatter is the parsed --- block of a SKILL.md.
type frontmatter struct {
	keys   []string                     // top-level keys in order
	values map[string]string            // scalar values
	maps   map[string]map[string]string // one-level maps (metadata)
}

// parseFrontmatter reads the --- block at the start of doc: top-level
// "key: value" lines, where a key with no value may hold indented
// "key: value" lines (a map). Values are plain, 'single' or "double"
// quoted scalars; a plain scalar that YAML would read otherwise (one with
// ": " or " #", or starting with an indicator) is an error, so what passes
// here parses the same in a real YAML parser.
func parseFrontmatter(doc string) (frontmatter, string, error) {
	fm := frontmatter{values: map[string]string{}, maps: map[string]map[string]string{}}
	rest, ok := strings.CutPrefix(doc, "---\n")
	if !ok {
		return fm, "", fmt.Errorf("the file must start with a --- line")
	}
	head, body, ok := strings.Cut(rest, "\n---\n")
	if !ok {
		if head, ok = strings.CutSuffix(rest, "\n---"); !ok {
			return fm, "", fmt.Errorf("no closing --- line")
		}
	}
	var mapKey string
	for i, line := range strings.Split(head, "\n") {
		n := i + 2
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		indented := line[0] == ' '
		if line[0] == '\t' {
			return fm, "", fmt.Errorf("line %d: YAML does not allow tabs for indentation", n)
		}
		key, raw, ok := strings.Cut(strings.TrimSpace(line), ":")
		if !ok || key == "" || strings.ContainsAny(key, " \"'") {
			return fm, "", fmt.Errorf("line %d: want key: value, got %q", n, line)
		}
		if raw != "" && raw[0] != ' ' {
			return fm, "", fmt.Errorf("line %d: want a space after %q", n, key+":")
		}
		value, err := scalar(strings.TrimSpace(raw))
		if err != nil {
			return fm, "", fmt.Errorf("line %d: %s: %v", n, key, err)
		}
		if indented {
			if mapKey == "" {
				return fm, "", fmt.Errorf("line %d: indented %q under no map", n, key)
			}
			if _, dup := fm.maps[mapKey][key]; dup {
				return fm, "", fmt.Errorf("line %d: %s.%s appears twice", n, mapKey, key)
			}
			fm.maps[mapKey][key] = value
			continue
		}
		if _, dup := fm.values[key]; dup {
			return fm, "", fmt.Errorf("line %d: %s appears twice", n, key)
		}
		if _, dup := fm.maps[key]; dup {
			return fm, "", fmt.Errorf("line %d: %s appears twice", n, key)
		}
		fm.keys = append(fm.keys, key)
		mapKey = ""
		if strings.TrimSpace(raw) == "" {
			mapKey = key
			fm.maps[key] = map[string]string{}
			continue
		}
		fm.values[key] = value
	}
	return fm, body, nil
}

// scalar reads one YAML scalar value as the parser above allows it.
func scalar(s string) (string, error) {
	switch {
	case s == "":
		return "", nil
	case s[0] == '"':
		if len(s) < 2 || s[len(s)-1] != '"' {
			return "", fmt.Errorf("unterminated double quote")
		}
		return strconv.Unquote(s)
	case s[0] == '\'':
		if len(s) < 2 || s[len(s)-1] != '\'' {
			return "", fmt.Errorf("unterminated single quote")
		}
		inner := s[1 : len(s)-1]
		if strings.Contains(strings.ReplaceAll(inner, "''", ""), "'") {
			return "", fmt.Errorf("a single quote inside must be doubled")
		}
		return strings.ReplaceAll(inner, "''", "'"), nil
	case strings.ContainsRune("[]{}&*!|>%@`,?:-#", rune(s[0])) && !(s[0] == '-' && len(s) > 1 && s[1] != ' '):
		return "", fmt.Errorf("a plain value may not start with %q; quote it", s[0])
	case strings.Contains(s, ": ") || strings.HasSuffix(s, ":"):
		return "", fmt.Errorf("a plain value may not hold \": \"; quote it or reword")
	case strings.Contains(s, " #"):
		return "", fmt.Errorf("a plain value may not hold \" #\" (a comment); quote it or reword")
	}
	return s, nil
}

// markdownLinks returns the targets of the [text](target) links outside
// code fences and inline code.
func markdownLinks(doc string) []string {
	re := regexp.MustCompile(`\[[^\]]*\]\(([^)\s]+)\)`)
	code := regexp.MustCompile("`[^`]*`")
	var out []string
	inFence := false
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inFence = !inFence
			continue
		}
		if inFence {
			continue
		}
		for _, m := range re.FindAllStringSubmatch(code.ReplaceAllString(line, ""), -1) {
			out = append(out, m[1])
		}
	}
	return out
}

// headingSlugs returns the anchors GitHub gives a document's headings.
func headingSlugs(doc string) map[string]bool {
	slugs := map[string]bool{}
	for _, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteRune('-')
			}
		}
		slugs[b.String()] = true
	}
	return slugs
}

type fence struct{ lang, body string }

// codeFences returns the fenced code blocks of a Markdown text in order.
func codeFences(doc string) []fence {
	var out []fence
	var cur *fence
	var body bytes.Buffer
	for _, line := range strings.Split(doc, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case cur == nil && strings.HasPrefix(trimmed, "```"):
			cur = &fence{lang: strings.TrimPrefix(trimmed, "```")}
			body.Reset()
		case cur != nil && trimmed == "```":
			cur.body = body.String()
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			body.WriteString(line)
			body.WriteByte('\n')
		}
	}
	return out
}

// between returns the text after start up to the next end (or the end of
// s), or "" when start is absent.
func between(s, start, end string) string {
	_, after, ok := strings.Cut(s, start)
	if !ok {
		return ""
	}
	if i := strings.Index(after, end); i >= 0 {
		return after[:i]
	}
	return after
}

func verify(t *testing.T, page string, draft fork.Draft, profile, layer string) *fork.Report {
	t.Helper()
	rep, err := fork.New().Verify(context.Background(), fork.VerifyRequest{
		Source: fork.Source{HTML: page},
		Fork:   draft,
		Target: fork.Target{Profile: profile, LanguageLayer: layer},
	})
	if err != nil {
		t.Fatalf("verify: %v", err)
	}
	return rep
}

func failedChecks(rep *fork.Report) string {
	var sb strings.Builder
	for _, c := range rep.Checks {
		if !c.Passed {
			fmt.Fprintf(&sb, "FAIL  %s  %s (blocks %v)\n", c.Name, c.Details, c.Blocks)
		}
	}
	return sb.String()
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestToolsTable fails when SKILL.md's tools table differs from Steps;
// -update rewrites it.
func TestToolsTable(t *testing.T) {
	doc := readFile(t, SkillPath)
	begin, end := strings.Index(doc, ToolsBegin), strings.Index(doc, ToolsEnd)
	if begin < 0 || end < begin {
		t.Fatalf("SKILL.md lacks the tools markers %q and %q", ToolsBegin, ToolsEnd)
	}
	got := doc[begin+len(ToolsBegin) : end]
	want := ToolsMarkdown()
	if *update {
		if err := os.WriteFile(SkillPath, []byte(doc[:begin+len(ToolsBegin)]+want+doc[end:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("SKILL.md's tools table has drifted from Steps; regenerate with go test ./skill -update (-generated +file):\n%s", diff)
	}
}

// TestToolsNameRealMethods checks every Forker method the tools table
// names exists (cmd/mfork and mcpserver check the commands and tools).
func TestToolsNameRealMethods(t *testing.T) {
	methods := Methods()
	if len(methods) < 4 || len(Commands()) < 5 || len(Tools()) < 3 {
		t.Fatalf("the table names too little: methods %v, commands %v, tools %v", methods, Commands(), Tools())
	}
	forker := reflect.TypeOf(&fork.Forker{})
	for _, m := range methods {
		if _, ok := forker.MethodByName(m); !ok {
			t.Errorf("the tools table names Forker.%s, which does not exist", m)
		}
	}
}
