package ledger

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/marketingfork/fork/internal/extract"
)

// Source is what the ledger reads.
type Source struct {
	// Blocks are the page's copy blocks in page order.
	Blocks []extract.Block
	// Locale is the BCP 47 tag of the page ("en", "en-GB", "de", "fr",
	// "pt-BR", "es-CL"). It decides how numbers read (see ParseNumber), the
	// order of all-numeric dates (M/D/Y in American English, D/M/Y
	// elsewhere) and which currency "$" means.
	Locale string
	// Names are known product and brand names (the site name, say). They
	// are matched without regard to case. May be empty.
	Names []string
	// KnownNamesOnly looks for the Names alone and discovers no others
	// from the capitals in the text: for reading a fork, whose new names
	// verification judges against the source's words itself.
	KnownNamesOnly bool
	// Memo, when set, keeps each block's reading for the next Source read
	// with it (see Memo). May be nil.
	Memo *Memo
}

// A Memo keeps what ExtractContext read in each block of a Source that
// looks for no names (KnownNamesOnly without Names): there a block's facts
// depend on the block and the locale alone, so a block read again (a
// fork's drafts share most of theirs) is read once. Blocks are told apart
// by everything of theirs that is read: text, link, role and struck-out
// runs. The zero Memo is ready; it is for one goroutine.
type Memo struct {
	blocks map[memoKey][]posFact
}

type memoKey struct {
	locale, text, href, was string
	role                    extract.Role
}

// key is the block's key, its struck-out runs each written with its length
// so that no two lists read alike.
func (m *Memo) key(locale string, b extract.Block) memoKey {
	k := memoKey{locale: locale, text: b.Text, href: b.Href, role: b.Role}
	if len(b.Was) > 0 {
		var sb strings.Builder
		for _, w := range b.Was {
			sb.WriteString(strconv.Itoa(len(w)))
			sb.WriteByte(':')
			sb.WriteString(w)
		}
		k.was = sb.String()
	}
	return k
}

// Extract returns the offer ledger of a page: every fact a fork must keep.
//
// Facts come block by block in the order of src.Blocks and, inside a block,
// in the order they stand in its text (a line before the facts inside it),
// with the block's link last. Each (Kind, Value, Block) comes once, the
// first time it stands. The same Source always gives the same facts in the
// same order.
//
// Per block it reports what FromText reports for the block's text, plus
// names (see Source.Names and the rules of pageNames), guarantee and legal
// lines, and the block's Href as a URL (with an e-mail or phone fact for
// mailto: and tel: links). Testimonial attributions are not read.
func Extract(src Source) []Fact {
	facts, _ := ExtractContext(context.Background(), src)
	return facts
}

// ExtractContext is Extract that stops, with the context's error, as soon
// as ctx is done: it looks between blocks, so a fork whose client left
// stops within one block's work.
func ExtractContext(ctx context.Context, src Source) ([]Fact, error) {
	li := parseLocale(src.Locale)
	names, words := readNames(src, &li)
	finder := newNameFinder(names)
	perBlock := make([][]posFact, len(src.Blocks))
	pageCurrency := ""
	memo := src.Memo
	if len(names) > 0 {
		memo = nil // a block's facts depend on the page's names
	}
	// The buffers of one block after another: a block's facts are read
	// into bufs.facts, whatever their number, and copied out once, where
	// each block's slice was regrown by every detector that added to it.
	var bufs scanBufs
	for i, b := range src.Blocks {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		fs := memo.read(src.Locale, b, func() []posFact {
			fs := markWas(bufs.scan(b.Text, &li), b)
			// The names are appended after the facts and filtered where
			// they stand (outside keeps them in place).
			n := len(fs)
			var ws [][2]int // the block's words, where the names were read in them
			if words != nil {
				ws = words[i]
			}
			fs = finder.appendFactsIn(fs, b.Text, ws)
			fs = fs[:n+len(outside(fs[n:], fs[:n]))]
			fs = appendLineFacts(fs, b, &li)
			sortPosFacts(fs)
			fs = appendHrefFacts(fs, b.Href)
			bufs.facts = fs[:0]
			if len(fs) == 0 {
				return nil
			}
			return slices.Clone(fs)
		})
		for _, f := range fs {
			if pageCurrency == "" && f.Kind == KindPrice {
				pageCurrency = f.Currency
			}
		}
		perBlock[i] = fs
	}
	if pageCurrency == "" {
		pageCurrency = li.homeCurrency()
	}
	// Sized once for the facts the blocks read: a fact is large, and a
	// page's ledger grown by doubling was copied over and over. Left nil
	// for a page without facts, as the plain append leaves it (a block
	// with any fact puts its first in the ledger, so out is then set).
	total := 0
	for _, fs := range perBlock {
		total += len(fs)
	}
	var out []Fact
	if total > 0 {
		out = make([]Fact, 0, total)
	}
	seen := make(map[factKey]bool, total)
	for i, b := range src.Blocks {
		fs := perBlock[i]
		if f, ok := bareAmount(b, &li, pageCurrency); ok {
			// A price element that shows only an amount ("5" on a
			// pay-what-you-want button) is a price in the page's currency.
			fs = []posFact{{Fact: f}}
		}
		for _, f := range fs {
			f.Block = b.ID
			k := factKey{f.Kind, f.Value, b.ID}
			if seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, f.Fact)
		}
	}
	return out, nil
}

// read is the block's facts as m holds them, or as scan reads them (kept
// in m for the next time). A nil m holds nothing. The facts are shared:
// no caller may change them in place.
func (m *Memo) read(locale string, b extract.Block, scan func() []posFact) []posFact {
	if m == nil {
		return scan()
	}
	k := m.key(locale, b)
	if fs, ok := m.blocks[k]; ok {
		return fs
	}
	fs := scan()
	if m.blocks == nil {
		m.blocks = map[memoKey][]posFact{}
	}
	m.blocks[k] = fs
	return fs
}

// markWas turns the prices that stand in the block's struck-out runs
// (Block.Was) into "was" prices, each linked to the nearest live price of
// the block. Each run is found once, in order, so a fork that writes the
// was amount again, not struck, states a live price.
func markWas(fs []posFact, b extract.Block) []posFact {
	if len(b.Was) == 0 {
		return fs
	}
	var spans [][2]int
	from := 0
	for _, w := range b.Was {
		i := strings.Index(b.Text[from:], w)
		if i < 0 {
			continue
		}
		spans = append(spans, [2]int{from + i, from + i + len(w)})
		from += i + len(w)
	}
	var was, live []int
	for k, f := range fs {
		if f.Kind != KindPrice {
			continue
		}
		// The amount's digits decide: a currency sign between two prices
		// ("115 € 125 €") may be read with either.
		d := f.start + strings.IndexAny(b.Text[f.start:f.end], "0123456789")
		struck := false
		for _, sp := range spans {
			if sp[0] <= d && d < sp[1] {
				struck = true
				break
			}
		}
		if struck {
			was = append(was, k)
		} else {
			live = append(live, k)
		}
	}
	for _, k := range was {
		f := &fs[k]
		f.Was = true
		f.Value = QualifierWas + " " + f.Value
		f.Qualifier = strings.TrimSpace(QualifierWas + " " + f.Qualifier)
		best := -1
		for _, l := range live {
			if best < 0 || distance(fs[l].posFact(), f.posFact()) < distance(fs[best].posFact(), f.posFact()) {
				best = l
			}
		}
		if best >= 0 {
			f.Beside = fs[best].Value
		}
	}
	return fs
}

// posFact returns the fact's span.
func (f posFact) posFact() [2]int { return [2]int{f.start, f.end} }

// distance is how many bytes lie between two spans.
func distance(a, b [2]int) int {
	switch {
	case a[1] <= b[0]:
		return b[0] - a[1]
	case b[1] <= a[0]:
		return a[0] - b[1]
	}
	return 0
}

// bareAmount reads a price block whose whole text is a number as a price in
// the page's currency.
func bareAmount(b extract.Block, li *localeInfo, currency string) (Fact, bool) {
	text := strings.TrimSpace(b.Text)
	if b.Role != extract.RolePrice || currency == "" || text == "" || len(text) > 12 {
		return Fact{}, false
	}
	v, ok := parseNumber(text, li.decimal)
	if !ok || v < 0 {
		return Fact{}, false
	}
	return Fact{Kind: KindPrice, Text: text, Value: currency + " " + formatPrice(v), Amount: v, Currency: currency, Block: b.ID}, true
}

// outside drops the names that stand inside a link or e-mail address (a
// name that is the whole link, "gather.ai", stays) and those that are a
// coupon code or stand inside one.
func outside(names, facts []posFact) []posFact {
	out := names[:0]
	for _, n := range names {
		inside := false
		for _, f := range facts {
			within := f.start <= n.start && n.end <= f.end
			if within && ((f.Kind == KindURL || f.Kind == KindEmail) && f.end-f.start > n.end-n.start || f.Kind == KindCode) {
				inside = true
				break
			}
		}
		if !inside {
			out = append(out, n)
		}
	}
	return out
}

// appendHrefFacts appends what a block's link target reads: a URL as
// written, and for mailto: and tel: links the address or number too.
func appendHrefFacts(out []posFact, href string) []posFact {
	h := strings.TrimSpace(href)
	if h == "" {
		return out
	}
	out = append(out, posFact{Fact: Fact{Kind: KindURL, Text: href, Value: h}})
	low := strings.ToLower(h)
	switch {
	case strings.HasPrefix(low, "mailto:"):
		addr, _, _ := strings.Cut(h[len("mailto:"):], "?")
		if m := reEmail.FindString(addr); m != "" && m == addr {
			out = append(out, posFact{Fact: Fact{Kind: KindEmail, Text: href, Value: strings.ToLower(addr)}})
		}
	case strings.HasPrefix(low, "tel:"):
		num := h[len("tel:"):]
		if d := countDigits(num); d >= 7 && d <= 15 {
			out = append(out, posFact{Fact: Fact{Kind: KindPhone, Text: href, Value: phoneValue(strings.TrimSpace(num))}})
		}
	}
	return out
}
