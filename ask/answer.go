package ask

import (
	"context"
	"errors"
	"fmt"
	"github.com/marketingfork/fork/internal/apierr"
	"net/url"
	"strings"

	"github.com/marketingfork/fork"
)

// result is one NLWeb result: an item with a URL, a name, the site it
// belongs to, a score from 0 to 100, a description for people and the item
// itself as a schema.org-style object.
type result struct {
	URL          string `json:"url"`
	Name         string `json:"name"`
	Site         string `json:"site"`
	Score        int    `json:"score"`
	Description  string `json:"description"`
	SchemaObject any    `json:"schema_object"`
}

// answer is what a query gets: its results, a short summary (summarize
// mode) and a longer answer (generate mode). Both texts are written from
// the results by templates, not by a model.
type answer struct {
	results []result
	summary string
	answer  string
}

// schemaContext is the JSON-LD context of every schema object.
const schemaContext = "https://schema.org"

// answer makes the answer for the query's intent. Its error is an
// unexpected failure only: what the library reports about the page or the
// request becomes an answer that says what went wrong and what to do.
func (q *query) answer() (answer, error) {
	var (
		a   answer
		err error
	)
	switch q.in.Action {
	case ActionListProfiles:
		a = q.listProfiles()
	case ActionListLayers:
		a = q.listLayers()
	case ActionFork:
		a, err = q.fork()
	default:
		a = q.help()
	}
	if err != nil {
		return answer{}, err
	}
	if note := unknownNote(q.in.Unknown); note != "" {
		a.summary = joinText(a.summary, note)
		a.answer = joinText(a.answer, note)
		if len(a.results) > 0 {
			a.results[0].Description = joinText(a.results[0].Description, note)
		}
	}
	return a, nil
}

// host is the host of the API, the site of catalog results.
func (q *query) host() string {
	if u, err := url.Parse(q.base); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return "localhost"
}

// listProfiles answers "which profiles are there?": one result per
// profile, the one the query named (if any) first.
func (q *query) listProfiles() answer {
	var (
		a     answer
		lines []string
		names []string
	)
	for _, p := range fork.Profiles() {
		score := 100
		if q.in.Profile != "" && q.in.Profile != p.Name {
			score = 50
		}
		title := p.Title
		if p.Name == fork.DefaultProfile {
			title += " (the default)"
		}
		words := synonyms(profileWords, p.Name)
		desc := p.Description
		if len(words) > 0 {
			desc += " Ask for it as: " + strings.Join(words, ", ") + "."
		}
		r := q.termResult(term{
			anchor: p.Name, name: p.Name, title: p.Title, description: p.Description, summary: desc,
			words: words, set: "Marketing Fork audience profiles", isDefault: p.Name == fork.DefaultProfile,
			key: "profile", value: p, score: score,
		})
		a.add(r, score == 100 && q.in.Profile == p.Name)
		names = append(names, title)
		lines = append(lines, fmt.Sprintf("- %s (%s): %s", p.Name, p.Title, p.Description))
	}
	a.summary = fmt.Sprintf("Marketing Fork has %d audience profiles: %s. Name one in a fork, such as “fork https://example.com/pricing for skeptics”.", len(names), strings.Join(names, ", "))
	a.answer = a.summary + "\n\n" + strings.Join(lines, "\n")
	return a
}

// listLayers answers "which layers are there?": one result per language
// layer.
func (q *query) listLayers() answer {
	var (
		a     answer
		lines []string
		names []string
	)
	for _, l := range fork.Layers() {
		score := 100
		if q.in.Layer != "" && q.in.Layer != l.Name {
			score = 50
		}
		words := synonyms(layerWords, l.Name)
		var rules []string
		for _, rl := range l.Rules {
			rules = append(rules, rl.Description)
		}
		desc := l.Description
		if len(rules) > 0 {
			desc += " Checked: " + strings.Join(rules, "; ") + "."
		}
		r := q.termResult(term{
			anchor: "layer-" + l.Name, name: l.Name, title: l.Title, description: l.Description, summary: desc,
			words: words, set: "Marketing Fork language layers", isDefault: l.Name == fork.DefaultLayer,
			key: "layer", value: l, score: score,
		})
		a.add(r, score == 100 && q.in.Layer == l.Name)
		title := l.Name
		if l.Name == fork.DefaultLayer {
			title += " (the default)"
		}
		names = append(names, title)
		lines = append(lines, fmt.Sprintf("- %s: %s", l.Name, desc))
	}
	a.summary = fmt.Sprintf("Marketing Fork has %d language layers: %s. Name one in a fork, such as “fork https://example.com/pricing in plain language”.", len(names), strings.Join(names, ", "))
	a.answer = a.summary + "\n\n" + strings.Join(lines, "\n")
	return a
}

// term is one catalog entry (a profile or a layer) as a result.
type term struct {
	anchor, name, title, description, summary, set, key string
	words                                               []string
	isDefault                                           bool
	value                                               any
	score                                               int
}

// termResult is a catalog entry as an NLWeb result whose schema_object is
// a schema.org DefinedTerm.
func (q *query) termResult(t term) result {
	return result{
		URL:         q.base + "/v1/profiles#" + t.anchor,
		Name:        t.title,
		Site:        q.host(),
		Score:       t.score,
		Description: t.summary,
		SchemaObject: map[string]any{
			"@context":         schemaContext,
			"@type":            "DefinedTerm",
			"termCode":         t.name,
			"name":             t.title,
			"description":      t.description,
			"alternateName":    t.words,
			"inDefinedTermSet": map[string]any{"@type": "DefinedTermSet", "name": t.set, "url": q.base + "/v1/profiles"},
			"isDefault":        t.isDefault,
			t.key:              t.value,
		},
	}
}

// add appends r, or puts it first when it is what the query named.
func (a *answer) add(r result, first bool) {
	if first {
		a.results = append([]result{r}, a.results...)
		return
	}
	a.results = append(a.results, r)
}

// synonyms lists the words the parser knows for a value, as written in its
// table.
func synonyms(sets []entrySet, value string) []string {
	for _, s := range sets {
		if s.value != value {
			continue
		}
		out := make([]string, 0, len(s.phrases))
		for _, ph := range s.phrases {
			out = append(out, strings.TrimLeft(ph, "~^"))
		}
		return out
	}
	return []string{}
}

// helpText says what /ask understands.
func helpText() string {
	return "Marketing Fork rebuilds a landing page's copy for another audience, language layer or culture, and keeps the offer exactly. " +
		"Ask, for example: “fork https://example.com/pricing for skeptics in plain language for the UK”, " +
		"“make example.com speak to parents, in German”, “which profiles are there?” or “which layers are there?”. " +
		"Profiles: " + strings.Join(fork.ProfileNames(), ", ") + ". Layers: " + strings.Join(fork.LayerNames(), ", ") + ". " +
		"Languages and countries go by their English names (“in French for Canada”, “Brazilian Portuguese”, “for the UK”) or as tags (de-CH). " +
		"A fork needs an API key (Authorization: Bearer <key>); with X-Sandbox: true it forks a built-in sample page instead, with no key."
}

// help answers anything that is neither a fork nor a listing.
func (q *query) help() answer {
	text := helpText()
	return answer{
		results: []result{{
			URL:         q.base + "/ask",
			Name:        "Marketing Fork: ask in plain words",
			Site:        q.host(),
			Score:       100,
			Description: text,
			SchemaObject: map[string]any{
				"@context":      schemaContext,
				"@type":         "WebAPI",
				"name":          "Marketing Fork /ask",
				"description":   text,
				"url":           q.base + "/ask",
				"documentation": q.base + "/openapi.json",
				"examples": []string{
					"fork https://example.com/pricing for skeptics in plain language for the UK",
					"make example.com speak to parents, in German",
					"which profiles are there?",
					"which layers are there?",
				},
			},
		}},
		summary: text,
		answer:  text,
	}
}

// understood says what a fork query asked for, defaults named as such.
func understood(in parsed) string {
	profile, layer, lang := in.Profile, in.Layer, in.TargetLanguage
	if profile == "" {
		profile = fork.DefaultProfile + " (the default)"
	}
	if layer == "" {
		layer = fork.DefaultLayer + " (the default)"
	}
	if lang == "" {
		lang = "the page's own"
	}
	return fmt.Sprintf("profile %s, layer %s, language %s", profile, layer, lang)
}

// askForURL answers a fork query that names no page.
func (q *query) askForURL() answer {
	text := "Which page should be forked? Give its address in the question, such as “fork https://example.com/pricing for skeptics”. " +
		"Understood so far: " + understood(q.in) + ". " +
		"A fork needs an API key (Authorization: Bearer <key>); with X-Sandbox: true it forks a built-in sample page instead."
	return answer{
		results: []result{{
			URL:         q.base + "/ask",
			Name:        "Which page should be forked?",
			Site:        q.host(),
			Score:       0,
			Description: text,
			SchemaObject: map[string]any{
				"@context": schemaContext,
				"@type":    "Question",
				"name":     "Which page should be forked?",
				"text":     text,
				"understood": map[string]string{
					"profile":         q.in.Profile,
					"language_layer":  q.in.Layer,
					"target_language": q.in.TargetLanguage,
				},
			},
		}},
		summary: text,
		answer:  text,
	}
}

// sandboxNote tells a sandbox caller what they are looking at.
const sandboxNote = "Sandbox: sample output, forked from Marketing Fork's built-in sample page with the built-in rules provider; no page was fetched. Ask without X-Sandbox (and with an API key) to fork your own page."

// fork makes the fork the query asks for, in the sandbox or for real.
func (q *query) fork() (answer, error) {
	in := q.in
	if !q.sandbox && in.URL == "" {
		return q.askForURL(), nil
	}
	if q.sandbox && q.h.cfg.Sandbox == nil {
		e, _ := apierr.Lookup(apierr.ErrNoSandbox)
		return q.failure(apierr.ErrNoSandbox, e.Title, "This server has no sandbox configured. "+e.Advice()), nil
	}
	ctx := q.r.Context()
	req := fork.Request{URL: in.URL, Profile: in.Profile, LanguageLayer: in.Layer, TargetLanguage: in.TargetLanguage}
	forker := q.h.cfg.Forker
	if q.sandbox {
		forker = q.h.cfg.Sandbox
		req.URL, req.HTML = "", q.h.cfg.SamplePage
	}
	if slot := q.h.cfg.Slot; slot != nil && !q.sandbox {
		release, err := slot(ctx)
		if err != nil {
			return q.forkFailure(err), nil
		}
		defer release()
	}
	res, err := forker.Fork(ctx, req)
	var note string
	if err != nil && errors.Is(err, fork.ErrUnsupported) && in.regionOnly && !q.sandbox {
		// A country alone kept English; the page is in another language
		// and the provider cannot translate, so keep the page's language
		// in that country instead ("for Switzerland" on a German page →
		// de-CH).
		if tag, lang, ok := q.pageTag(ctx, forker, in); ok {
			req.TargetLanguage = tag
			if res2, err2 := forker.Fork(ctx, req); err2 == nil {
				res, err = res2, nil
				note = fmt.Sprintf("The page is in %s, so the fork keeps its language in the country asked for (%s).", lang, tag)
			}
		}
	}
	if err != nil {
		if !libraryError(err) {
			return answer{}, err
		}
		return q.forkFailure(err), nil
	}
	if q.sandbox {
		res.Request.HTML = ""
		res.Notes = append([]string{sandboxNote}, res.Notes...)
	}
	return q.forkAnswer(res, note), nil
}

// pageTag returns the page's own language in the query's country, and the
// language's English name.
func (q *query) pageTag(ctx context.Context, f *fork.Forker, in parsed) (tag, name string, ok bool) {
	ex, err := f.Extract(ctx, fork.Source{URL: in.URL})
	if err != nil {
		return "", "", false
	}
	base := ex.Language().Base()
	if base == "" {
		return "", "", false
	}
	tag, ok = canonical(base + "-" + in.region)
	if !ok || tag == in.TargetLanguage {
		return "", "", false
	}
	return tag, languageName(base), true
}

// languageName is a language subtag's English name from the lexicon, or
// the subtag.
func languageName(base string) string {
	for _, s := range languageWords {
		if s.value == base && len(s.phrases) > 0 {
			name := strings.TrimLeft(s.phrases[0], "~^")
			return strings.ToUpper(name[:1]) + name[1:]
		}
	}
	return base
}

// libraryError reports whether err is one the error catalog names (every
// error the fork library reports about the request or the page wraps one of
// its sentinels, as does the client going away): those become answers, and
// anything else is a server failure.
func libraryError(err error) bool {
	_, ok := apierr.Lookup(err)
	return ok
}

// forkFailure turns a library error into an answer that says what went
// wrong and what to do, in the catalog's words.
func (q *query) forkFailure(err error) answer {
	page := q.in.URL
	if page == "" {
		page = "the page"
	}
	e, _ := apierr.Lookup(err)
	detail := "The fork of " + page + " failed"
	if e.Expose {
		detail += ": " + err.Error()
	}
	detail += ". " + e.Advice()
	return q.failure(err, e.Title, detail)
}

// failure is an answer about a fork that could not be made.
func (q *query) failure(err error, title, detail string) answer {
	page := q.in.URL
	site := q.host()
	if u, perr := url.Parse(page); perr == nil && u.Hostname() != "" {
		site = u.Hostname()
	} else {
		page = q.base + "/ask"
	}
	detail = joinText(detail, "Asked for: "+understood(q.in)+".")
	return answer{
		results: []result{{
			URL:         page,
			Name:        title,
			Site:        site,
			Score:       0,
			Description: detail,
			SchemaObject: map[string]any{
				"@context":     schemaContext,
				"@type":        "CreateAction",
				"name":         "fork",
				"actionStatus": "FailedActionStatus",
				"object":       map[string]any{"@type": "WebPage", "url": q.in.URL},
				"error":        map[string]any{"@type": "Thing", "identifier": errorCode(err), "name": title, "description": detail},
			},
		}},
		summary: title + ". " + detail,
		answer:  title + ". " + detail,
	}
}

// errorCode is a short machine-readable name for a failed fork: the
// catalog's type, as every surface names it.
func errorCode(err error) string {
	e, _ := apierr.Lookup(err)
	return e.Type
}

// forkAnswer is the answer for a fork that was made: one result whose
// schema object is the fork as a schema.org WebPage with the library's
// Result under "fork".
func (q *query) forkAnswer(res *fork.Result, note string) answer {
	page := q.in.URL
	if page == "" {
		page = q.base + "/ask#sandbox"
	}
	if res.SourceURL != "" && !q.sandbox {
		page = res.SourceURL
	}
	site := q.host()
	if u, err := url.Parse(page); err == nil && u.Hostname() != "" {
		site = u.Hostname()
	}
	headline := forkHeadline(res)
	desc := describe(res)
	if q.sandbox {
		desc = "Sandbox sample (the built-in sample page; nothing was fetched). " + desc
	}
	desc = joinText(desc, note)
	title := res.Target.Profile
	if p, err := fork.LookupProfile(res.Target.Profile); err == nil {
		title = p.Title
	}
	r := result{
		URL:         page,
		Name:        headline,
		Site:        site,
		Score:       score(res),
		Description: desc,
		SchemaObject: map[string]any{
			"@context":    schemaContext,
			"@type":       "WebPage",
			"url":         page,
			"name":        headline,
			"description": desc,
			"inLanguage":  res.Target.Language,
			"audience":    map[string]any{"@type": "Audience", "audienceType": title, "identifier": res.Target.Profile},
			"isBasedOn":   res.SourceURL,
			"sandbox":     q.sandbox,
			"fork":        res,
		},
	}
	summary := joinText(fmt.Sprintf("Forked %s.", pageName(q.in.URL, q.sandbox)), desc)
	var more []string
	more = append(more, fmt.Sprintf("New headline: “%s”.", headline))
	if res.Experiment.Hypothesis != "" {
		more = append(more, "Hypothesis: "+res.Experiment.Hypothesis)
	}
	if res.Experiment.PrimaryMetric != "" {
		more = append(more, "Primary metric: "+res.Experiment.PrimaryMetric+".")
	}
	for _, c := range res.Checks {
		if !c.Passed {
			more = append(more, fmt.Sprintf("Check %s failed: %s.", c.Name, c.Details))
		}
	}
	for _, n := range res.Notes {
		more = append(more, "Note: "+n)
	}
	more = append(more, "The whole fork (blocks with their rationale, ledger, checks, metrics, HTML and Markdown) is the result's schema_object.fork.")
	return answer{
		results: []result{r},
		summary: summary,
		answer:  summary + "\n\n" + strings.Join(more, "\n"),
	}
}

// pageName names the forked page in a sentence.
func pageName(u string, sandbox bool) string {
	switch {
	case sandbox:
		return "the sandbox's sample page"
	case u == "":
		return "the page"
	default:
		return u
	}
}

// forkHeadline is the fork's first headline, or its title, or a name made
// from its target.
func forkHeadline(res *fork.Result) string {
	for _, role := range []fork.Role{fork.RoleHeadline, fork.RoleTitle} {
		for _, b := range res.Blocks {
			if b.Role == role && strings.TrimSpace(b.Text) != "" {
				return b.Text
			}
		}
	}
	return "Fork for " + res.Target.Profile
}

// score is the share of checks passed, as NLWeb's 0 to 100.
func score(res *fork.Result) int {
	if res.Passed || len(res.Checks) == 0 {
		return 100
	}
	passed := 0
	for _, c := range res.Checks {
		if c.Passed {
			passed++
		}
	}
	return passed * 100 / len(res.Checks)
}

// describe sums up a fork: whether it passed, the facts kept and what
// changed.
func describe(res *fork.Result) string {
	var parts []string
	var failed []string
	for _, c := range res.Checks {
		if !c.Passed {
			failed = append(failed, c.Name)
		}
	}
	if len(failed) == 0 {
		parts = append(parts, fmt.Sprintf("Passed all %d checks.", len(res.Checks)))
	} else {
		parts = append(parts, fmt.Sprintf("%d of %d checks passed; failed: %s. Review before it goes live.",
			len(res.Checks)-len(failed), len(res.Checks), strings.Join(failed, ", ")))
	}
	count := map[string]int{}
	for _, e := range res.Ledger {
		count[e.Status]++
	}
	facts := fmt.Sprintf("Facts kept: %d of %d", count[fork.StatusKept], len(res.Ledger))
	if n := count[fork.StatusChanged]; n > 0 {
		facts += fmt.Sprintf(", %d changed by a culture rule", n)
	}
	if n := count[fork.StatusTranslated]; n > 0 {
		facts += fmt.Sprintf(", %d translated", n)
	}
	if n := count[fork.StatusMissing]; n > 0 {
		facts += fmt.Sprintf(", %d missing", n)
	}
	if n := len(res.Invented); n > 0 {
		facts += fmt.Sprintf("; %d invented", n)
	}
	parts = append(parts, facts+".")
	rewritten := 0
	for _, b := range res.Blocks {
		if b.Text != b.Source {
			rewritten++
		}
	}
	changed := fmt.Sprintf("What changed: %d of %d blocks rewritten for the %s profile, %s layer, language %s", rewritten, len(res.Blocks),
		res.Target.Profile, res.Target.LanguageLayer, res.Target.Language)
	if len(res.Sections) > 0 {
		changed += "; sections reordered"
	}
	if res.Translation {
		changed += fmt.Sprintf("; translated from %s", res.SourceLanguage)
	}
	parts = append(parts, changed+".")
	return strings.Join(parts, " ")
}

// unknownNote says which words were not understood, with a suggestion for
// a likely typo.
func unknownNote(unknown []string) string {
	if len(unknown) == 0 {
		return ""
	}
	var items []string
	for _, u := range unknown {
		item := "“" + u + "”"
		if w, e, ok := suggest(u); ok {
			item += fmt.Sprintf(" (did you mean “%s”, %s?)", w, describeEntry(e))
		}
		items = append(items, item)
	}
	return fmt.Sprintf("Not understood, so left out: %s. Known profiles: %s; layers: %s; languages and countries by their English names or as tags (de-CH).",
		strings.Join(items, ", "), strings.Join(fork.ProfileNames(), ", "), strings.Join(fork.LayerNames(), ", "))
}

// describeEntry names what a lexicon entry stands for.
func describeEntry(e entry) string {
	switch e.kind {
	case kindProfile:
		return "the " + e.value + " profile"
	case kindLayer:
		return "the " + e.value + " layer"
	case kindLanguage:
		return "the language " + e.value
	case kindRegion:
		return "the country " + e.value
	case kindTag:
		return "the language " + e.value
	default:
		return e.value
	}
}

// joinText joins two texts with a space, leaving out an empty one.
func joinText(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	default:
		return a + " " + b
	}
}
