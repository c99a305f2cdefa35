package export

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"golang.org/x/net/html"
)

// DriftGuard is one block's source hash, for a loader to compare with the
// live page before it applies a variant.
type DriftGuard struct {
	// Block is the block's ID in the fork.
	Block int `json:"block"`
	// Selector matches the block's element on the source page.
	Selector string `json:"selector"`
	// Attribute is the attribute the text lives in, if any.
	Attribute string `json:"attribute,omitempty"`
	// SourceSHA256 is the hex SHA-256 of the block's text on the source
	// page, white space folded as extracted.
	SourceSHA256 string `json:"source_sha256"`
}

// guards lists every variant's changed blocks once, in page order.
func (e *Experiment) guards() []DriftGuard {
	seen := map[int]bool{}
	var out []DriftGuard
	for _, v := range e.Variants {
		for _, c := range v.Changes {
			if !seen[c.Block] {
				seen[c.Block] = true
				out = append(out, DriftGuard{Block: c.Block, Selector: c.Selector, Attribute: c.Attribute, SourceSHA256: c.SourceSHA256})
			}
		}
	}
	return out
}

// Write writes the experiment in format f: JSON for every format but
// unbounce, which is the forked page as HTML.
func (e *Experiment) Write(w io.Writer, f Format) error {
	var v any
	switch f {
	case GrowthBook:
		v = e.GrowthBook()
	case Optimizely:
		v = e.Optimizely()
	case PostHog:
		v = e.PostHog()
	case Patch:
		v = e.Patch()
	case Unbounce:
		_, err := io.WriteString(w, e.Unbounce())
		return err
	default:
		_, err := ParseFormat(string(f))
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// domChange is one change as the DOM-mutating tools take it: a selector,
// the attribute written ("html" for the element's content) and the value.
// When a variant moves sections, the tools get the container's new inner
// HTML as one change instead of the blocks inside it: their appliers
// re-match selectors as the page changes, so after a move a structural
// selector would find another section's element.
type domChange struct {
	Change
	attr, value string
}

func (v Variant) domChanges() []domChange {
	var out []domChange
	if v.Moves != nil {
		out = append(out, domChange{Change: Change{Selector: v.Moves.Container, Block: -1}, attr: "html", value: v.Moves.html})
	}
	for _, c := range v.Changes {
		if c.inside {
			continue
		}
		if c.Attribute != "" {
			out = append(out, domChange{Change: c, attr: c.Attribute, value: c.Text})
		} else {
			out = append(out, domChange{Change: c, attr: "html", value: c.HTML})
		}
	}
	return out
}

// GrowthBookExport is an experiment for POST /api/v1/experiments and a
// visual changeset for POST /api/v1/experiments/{id}/visual-changesets.
type GrowthBookExport struct {
	// Experiment is the body of POST /api/v1/experiments.
	Experiment GrowthBookExperiment `json:"experiment"`
	// VisualChangeset is the body of
	// POST /api/v1/experiments/{id}/visual-changesets.
	VisualChangeset GrowthBookChangeset `json:"visualChangeset"`
	// GoalURL is the primary call to action's target, for the metric the
	// test is decided on (GrowthBook metrics are defined on your data).
	GoalURL string `json:"goalUrl,omitempty"`
	// DriftGuard lists each changed block's source hash.
	DriftGuard []DriftGuard `json:"driftGuard"`
}

// GrowthBookExperiment is the experiment's create body, without the data
// source and assignment query, which only your GrowthBook knows.
type GrowthBookExperiment struct {
	// Name names the experiment after the fork's target.
	Name string `json:"name"`
	// TrackingKey is stable for the same fork of the same page.
	TrackingKey string `json:"trackingKey"`
	// Hypothesis is the fork's experiment note.
	Hypothesis string `json:"hypothesis"`
	// Description names the primary metric and the goal URL.
	Description string `json:"description"`
	// Tags mark the experiment as made by Marketing Fork.
	Tags []string `json:"tags"`
	// Variations are the control ("0") and one per variant ("1"…).
	Variations []GrowthBookVariation `json:"variations"`
}

// GrowthBookVariation is a variation's key and name.
type GrowthBookVariation struct {
	// Key is the variation's key: "0" for the control.
	Key string `json:"key"`
	// Name is the variation's name.
	Name string `json:"name"`
}

// GrowthBookChangeset is a visual changeset.
type GrowthBookChangeset struct {
	// EditorURL is the source page, for GrowthBook's visual editor.
	EditorURL string `json:"editorUrl"`
	// URLPatterns are the URLs the changes apply on: the source page.
	URLPatterns []GrowthBookPattern `json:"urlPatterns"`
	// VisualChanges are one per variant.
	VisualChanges []GrowthBookChange `json:"visualChanges"`
}

// GrowthBookPattern is a URL the changeset runs on.
type GrowthBookPattern struct {
	// Include is true: the pattern says where the changes apply.
	Include bool `json:"include"`
	// Type is "exact": the source URL as fetched.
	Type string `json:"type"`
	// Pattern is the URL.
	Pattern string `json:"pattern"`
}

// GrowthBookChange is one variation's visual change (VisualChange.yaml).
// Variation is the variation's key in the experiment: replace it with the
// variation id GrowthBook returns when the experiment is created.
type GrowthBookChange struct {
	// Variation is the variation's key (see above).
	Variation string `json:"variation"`
	// Description names the variant.
	Description string `json:"description"`
	// CSS is empty: a fork changes copy, never styles.
	CSS string `json:"css"`
	// DOMMutations are the changes, each a dom-mutator declarative
	// mutation.
	DOMMutations []GrowthBookMutation `json:"domMutations"`
}

// GrowthBookMutation is a dom-mutator declarative mutation.
type GrowthBookMutation struct {
	// Selector matches the element to change.
	Selector string `json:"selector"`
	// Action is "set": the value replaces the attribute's.
	Action string `json:"action"`
	// Attribute is "html" for the element's content, else the attribute.
	Attribute string `json:"attribute"`
	// Value is the new content or attribute value.
	Value string `json:"value,omitempty"`
	// ParentSelector and InsertBeforeSelector are for a position change;
	// exports move sections by the container's content instead (see
	// domChange).
	ParentSelector       string `json:"parentSelector,omitempty"`
	InsertBeforeSelector string `json:"insertBeforeSelector,omitempty"`
}

// GrowthBook is the experiment in GrowthBook's form.
func (e *Experiment) GrowthBook() GrowthBookExport {
	out := GrowthBookExport{GoalURL: e.GoalURL, DriftGuard: e.guards()}
	out.Experiment = GrowthBookExperiment{
		Name: "mfork: " + e.Variants[0].Name, TrackingKey: trackingKey(e),
		Hypothesis: e.Variants[0].Hypothesis, Description: e.description(),
		Tags: []string{"mfork"}, Variations: []GrowthBookVariation{{Key: "0", Name: "Control"}},
	}
	out.VisualChangeset = GrowthBookChangeset{EditorURL: e.SourceURL, URLPatterns: []GrowthBookPattern{}}
	if e.SourceURL != "" {
		out.VisualChangeset.URLPatterns = append(out.VisualChangeset.URLPatterns, GrowthBookPattern{Include: true, Type: "exact", Pattern: e.SourceURL})
	}
	for i, v := range e.Variants {
		key := strconv.Itoa(i + 1)
		out.Experiment.Variations = append(out.Experiment.Variations, GrowthBookVariation{Key: key, Name: v.Name})
		vc := GrowthBookChange{Variation: key, Description: v.Name, DOMMutations: []GrowthBookMutation{}}
		for _, d := range v.domChanges() {
			vc.DOMMutations = append(vc.DOMMutations, GrowthBookMutation{Selector: d.Selector, Action: "set", Attribute: d.attr, Value: d.value})
		}
		out.VisualChangeset.VisualChanges = append(out.VisualChangeset.VisualChanges, vc)
	}
	return out
}

func (e *Experiment) description() string {
	var b strings.Builder
	b.WriteString("Forked with Marketing Fork: the offer is kept exactly, the copy is rewritten.")
	if e.Metric != "" {
		b.WriteString(" Primary metric: " + e.Metric + ".")
	}
	if e.GoalURL != "" {
		b.WriteString(" Goal URL: " + e.GoalURL + ".")
	}
	return b.String()
}

// trackingKey is a stable key for the experiment: the variants' changed
// block hashes, so the same fork of the same page exports the same key.
func trackingKey(e *Experiment) string {
	var b strings.Builder
	for _, v := range e.Variants {
		for _, c := range v.Changes {
			b.WriteString(c.SourceSHA256[:8])
			b.WriteString(c.Text)
		}
	}
	return "mfork-" + shortHash(b.String())
}

// OptimizelyExport is an Optimizely Web page (the targeting), a click event
// on the primary call to action (the goal) and an experiment whose second
// variation carries the fork's changes. Page and event ids are unknown
// until they are created: set the actions' page_id and the metric's
// event_id from Optimizely's replies.
type OptimizelyExport struct {
	// Page is the body of POST /v2/pages: the targeting.
	Page OptimizelyPage `json:"page"`
	// Event is a click on the primary call to action: the goal.
	Event *OptimizelyEvent `json:"event,omitempty"`
	// GoalURL is the primary call to action's target.
	GoalURL string `json:"goal_url,omitempty"`
	// Experiment is the body of POST /v2/experiments.
	Experiment OptimizelyExperiment `json:"experiment"`
	// DriftGuard lists each changed block's source hash.
	DriftGuard []DriftGuard `json:"drift_guard"`
}

// OptimizelyPage is where the experiment runs.
type OptimizelyPage struct {
	// Name names the page after its URL.
	Name string `json:"name"`
	// EditURL is the source page.
	EditURL string `json:"edit_url"`
	// ActivationType is "immediate": the page is live on load.
	ActivationType string `json:"activation_type"`
	// Conditions is Optimizely's JSON-encoded URL condition list.
	Conditions string `json:"conditions,omitempty"`
}

// OptimizelyEvent is a click event on the primary call to action.
type OptimizelyEvent struct {
	// Name names the event.
	Name string `json:"name"`
	// EventType is "click".
	EventType string `json:"event_type"`
	// Config holds the selector of the element clicked.
	Config map[string]string `json:"config"`
}

// OptimizelyExperiment is the experiment's create body.
type OptimizelyExperiment struct {
	// Name names the experiment after the fork's target.
	Name string `json:"name"`
	// Description is the fork's hypothesis.
	Description string `json:"description"`
	// Type is "a/b".
	Type string `json:"type"`
	// Variations are the original and one per variant, weights adding up
	// to 10000.
	Variations []OptimizelyVariation `json:"variations"`
}

// OptimizelyVariation is one arm with its actions.
type OptimizelyVariation struct {
	// Name names the variation.
	Name string `json:"name"`
	// Weight is its share of traffic in basis points.
	Weight int `json:"weight"`
	// Actions are its changes; none for the original.
	Actions []OptimizelyAction `json:"actions"`
}

// OptimizelyAction is the changes made on one page.
type OptimizelyAction struct {
	// Changes are applied in order.
	Changes []OptimizelyChange `json:"changes"`
}

// OptimizelyChange is one change: type "attribute" with attributes.html for
// an element's content, "custom_code" for an attribute Optimizely's
// attribute change cannot set (a meta description, an input's value).
type OptimizelyChange struct {
	// Type is "attribute" or "custom_code".
	Type string `json:"type"`
	// Selector matches the element an attribute change writes.
	Selector string `json:"selector,omitempty"`
	// Attributes holds "html": the element's new content.
	Attributes map[string]string `json:"attributes,omitempty"`
	// Value is a custom_code change's JavaScript.
	Value string `json:"value,omitempty"`
}

// Optimizely is the experiment in Optimizely Web's form.
func (e *Experiment) Optimizely() OptimizelyExport {
	out := OptimizelyExport{GoalURL: e.GoalURL, DriftGuard: e.guards()}
	out.Page = OptimizelyPage{Name: "mfork: " + e.SourceURL, EditURL: e.SourceURL, ActivationType: "immediate"}
	if e.SourceURL != "" {
		cond, _ := json.Marshal([]any{"and", []any{"or", map[string]string{"type": "url", "match_type": "simple", "value": e.SourceURL}}})
		out.Page.Conditions = string(cond)
	}
	if e.GoalSelector != "" {
		out.Event = &OptimizelyEvent{Name: "Primary call to action", EventType: "click", Config: map[string]string{"selector": e.GoalSelector}}
	}
	n := len(e.Variants) + 1
	weight := 10000 / n
	out.Experiment = OptimizelyExperiment{Name: "mfork: " + e.Variants[0].Name, Description: e.Variants[0].Hypothesis, Type: "a/b",
		Variations: []OptimizelyVariation{{Name: "Original", Weight: 10000 - weight*(n-1), Actions: []OptimizelyAction{}}}}
	for _, v := range e.Variants {
		act := OptimizelyAction{Changes: []OptimizelyChange{}}
		for _, d := range v.domChanges() {
			if d.attr == "html" {
				act.Changes = append(act.Changes, OptimizelyChange{Type: "attribute", Selector: d.Selector, Attributes: map[string]string{"html": d.value}})
				continue
			}
			act.Changes = append(act.Changes, OptimizelyChange{Type: "custom_code",
				Value: fmt.Sprintf("document.querySelectorAll(%s).forEach(function (el) { el.setAttribute(%s, %s); });", jsString(d.Selector), jsString(d.attr), jsString(d.value))})
		}
		out.Experiment.Variations = append(out.Experiment.Variations, OptimizelyVariation{Name: v.Name, Weight: weight, Actions: []OptimizelyAction{act}})
	}
	return out
}

// jsString quotes s as a JavaScript string literal that is safe inside a
// <script> element.
func jsString(s string) string {
	b, _ := json.Marshal(s) // a string always marshals; json escapes <, > and &
	return string(b)
}

// PostHogExport is a no-code web experiment for
// POST /api/projects/{id}/web_experiments.
type PostHogExport struct {
	// Name names the experiment after the fork's target.
	Name string `json:"name"`
	// Description is the fork's hypothesis.
	Description string `json:"description"`
	// FeatureFlagKey is stable for the same fork of the same page.
	FeatureFlagKey string `json:"feature_flag_key"`
	// Variants are "control" and "test" (or "test-1"…).
	Variants map[string]PostHogVariant `json:"variants"`
	// GoalURL is the primary call to action's target.
	GoalURL string `json:"goal_url,omitempty"`
	// GoalSelector matches the primary call to action, for an action.
	GoalSelector string `json:"goal_selector,omitempty"`
	// DriftGuard lists each changed block's source hash.
	DriftGuard []DriftGuard `json:"drift_guard"`
	// SourceURL is the page the experiment runs on.
	SourceURL string `json:"source_url,omitempty"`
}

// PostHogVariant is one arm: its URL condition and transforms.
type PostHogVariant struct {
	// Transforms are the changes, applied in order.
	Transforms []PostHogTransform `json:"transforms"`
	// Conditions limit the variant to the source page.
	Conditions *PostHogConditions `json:"conditions,omitempty"`
	// RolloutPercentage is the variant's share of traffic.
	RolloutPercentage int `json:"rollout_percentage"`
}

// PostHogConditions limits a variant to the source page.
type PostHogConditions struct {
	// URL is the source page.
	URL string `json:"url"`
	// URLMatchType is "exact".
	URLMatchType string `json:"urlMatchType"`
}

// PostHogTransform is one change as posthog-js applies it: attributes are
// set in order, "html" as the element's innerHTML and any other name with
// setAttribute. (Its html field replaces the element's parent's content, so
// it is not used.)
type PostHogTransform struct {
	// Selector matches the element to change.
	Selector string `json:"selector"`
	// Text would set the element's innerText; exports write HTML through
	// Attributes so inline markup survives.
	Text string `json:"text,omitempty"`
	// Attributes are "html" (the content) or an attribute's name.
	Attributes []PostHogAttribute `json:"attributes,omitempty"`
}

// PostHogAttribute is a name and a value.
type PostHogAttribute struct {
	// Name is "html" or an attribute's name.
	Name string `json:"name"`
	// Value is the new content or attribute value.
	Value string `json:"value"`
}

// PostHog is the experiment in PostHog's form: "control" and "test", or
// "test-1"… for several variants.
func (e *Experiment) PostHog() PostHogExport {
	out := PostHogExport{Name: "mfork: " + e.Variants[0].Name, Description: e.Variants[0].Hypothesis,
		FeatureFlagKey: trackingKey(e), Variants: map[string]PostHogVariant{}, GoalURL: e.GoalURL,
		GoalSelector: e.GoalSelector, DriftGuard: e.guards(), SourceURL: e.SourceURL}
	var cond *PostHogConditions
	if e.SourceURL != "" {
		cond = &PostHogConditions{URL: e.SourceURL, URLMatchType: "exact"}
	}
	n := len(e.Variants) + 1
	share := 100 / n
	out.Variants["control"] = PostHogVariant{Transforms: []PostHogTransform{}, Conditions: cond, RolloutPercentage: 100 - share*(n-1)}
	for i, v := range e.Variants {
		pv := PostHogVariant{Transforms: []PostHogTransform{}, Conditions: cond, RolloutPercentage: share}
		for _, d := range v.domChanges() {
			pv.Transforms = append(pv.Transforms, PostHogTransform{Selector: d.Selector, Attributes: []PostHogAttribute{{Name: d.attr, Value: d.value}}})
		}
		name := "test"
		if len(e.Variants) > 1 {
			name = "test-" + strconv.Itoa(i+1)
		}
		out.Variants[name] = pv
	}
	return out
}

// PatchExport is our own plain format: each changed block's selector and
// new inner HTML (or attribute value), and the section moves. Apply it by
// resolving every selector on the unchanged page first, then setting each
// element's content, then putting the sections in order.
type PatchExport struct {
	// SourceURL is the page the patch applies to.
	SourceURL string `json:"source_url,omitempty"`
	// GoalURL is the primary call to action's target.
	GoalURL string `json:"goal_url,omitempty"`
	// Variants are one per fork.
	Variants []PatchVariant `json:"variants"`
}

// PatchVariant is one variant's changes and moves.
type PatchVariant struct {
	// Name names the variant.
	Name string `json:"name"`
	// Hypothesis is the fork's experiment note.
	Hypothesis string `json:"hypothesis"`
	// Changes are the changed blocks, in page order.
	Changes []PatchChange `json:"changes"`
	// Moves is the sections' new order, when the fork moves them.
	Moves *Moves `json:"moves,omitempty"`
}

// PatchChange sets an element's inner HTML, or one of its attributes.
type PatchChange struct {
	// Block is the block's ID in the fork.
	Block int `json:"block"`
	// Selector matches the element on the unchanged source page.
	Selector string `json:"selector"`
	// HTML is the element's new inner HTML.
	HTML string `json:"html,omitempty"`
	// Attribute and Value set an attribute instead (a meta description's
	// content, an input button's value).
	Attribute string `json:"attribute,omitempty"`
	Value     string `json:"value,omitempty"`
	// SourceSHA256 is the hex SHA-256 of the block's source text.
	SourceSHA256 string `json:"source_sha256"`
}

// Patch is the experiment in our own patch form.
func (e *Experiment) Patch() PatchExport {
	out := PatchExport{SourceURL: e.SourceURL, GoalURL: e.GoalURL}
	for _, v := range e.Variants {
		pv := PatchVariant{Name: v.Name, Hypothesis: v.Hypothesis, Changes: []PatchChange{}, Moves: v.Moves}
		for _, c := range v.Changes {
			pc := PatchChange{Block: c.Block, Selector: c.Selector, HTML: c.HTML, SourceSHA256: c.SourceSHA256}
			if c.Attribute != "" {
				pc.Attribute, pc.Value = c.Attribute, c.Text
			}
			pv.Changes = append(pv.Changes, pc)
		}
		out.Variants = append(out.Variants, pv)
	}
	return out
}

// Unbounce is the first variant's forked page whole, for Unbounce's
// create_variant_from_html, with a <base href> to the source page (when
// known and the page has none) so its CSS, images and relative links keep
// working from Unbounce's host.
func (e *Experiment) Unbounce() string {
	return WithBase(e.Variants[0].page, e.SourceURL)
}

// WithBase returns page with a <base href> to sourceURL at the start of its
// head, so that the page served from another host still loads its CSS and
// images and links where it did. A page that has its own <base>, or an
// empty sourceURL, is returned as it is.
func WithBase(page, sourceURL string) string {
	if sourceURL == "" {
		return page
	}
	at, hasBase := headInsertion(page)
	if hasBase {
		return page
	}
	return page[:at] + `<base href="` + html.EscapeString(sourceURL) + `">` + page[at:]
}

// headInsertion finds where a tag can go at the start of the page's head:
// after the <head> start tag, or before the first tag that belongs in the
// head or body when the page leaves <head> implied. hasBase reports a
// <base> element already there.
func headInsertion(page string) (at int, hasBase bool) {
	z := html.NewTokenizer(strings.NewReader(page))
	at = -1
	offset := 0
	for {
		tt := z.Next()
		raw := len(z.Raw())
		if tt == html.ErrorToken {
			break
		}
		if tt == html.StartTagToken || tt == html.SelfClosingTagToken {
			name, _ := z.TagName()
			switch string(name) {
			case "html":
			case "head":
				if at < 0 {
					at = offset + raw
				}
			case "base":
				return max(at, 0), true
			default:
				if at < 0 {
					at = offset
				}
				if string(name) == "body" {
					return at, false
				}
			}
		}
		offset += raw
	}
	return max(at, 0), false
}

func shortHash(s string) string { return sha256Sum(s)[:12] }
