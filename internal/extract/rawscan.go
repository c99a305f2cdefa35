package extract

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// rawScanner splits a page into the tokens x/net/html's Tokenizer gives,
// with the same boundaries, types, tag names and self-closing flags (a
// fuzz test holds it to that), for mapping the parsed tree back to the
// page's bytes. It exists because a render by splicing pays for this pass
// once per fork: the Tokenizer reads a byte at a time through a reader and
// parses every attribute, where this works on the slice, skips text and
// attribute values with bytes.IndexByte, and reads a tag's attributes only
// when the mapping asks for them (tagAttrs).
type rawScanner struct {
	src []byte
	pos int
	// rawTag is the element whose text the next token is read as raw
	// text or RCDATA ("script", "title" …), as the Tokenizer flags it.
	rawTag string
	spans  []attrSpan // the last tag's attributes, reused
	kept   []bool     // keptAttrs' answer, reused
	names  nameTable  // the tag names that are no atom
	// decoded holds, by token start, the decoded text of the text tokens
	// whose bytes are not their text (entities, CR, NUL): few on most
	// pages, so the tokens themselves stay small.
	decoded map[int]string
}

// attrSpan is one attribute in a tag: src[ks:ke] its key and src[vs:ve]
// its value.
type attrSpan struct{ ks, ke, vs, ve int }

// textKind is how the Tokenizer decodes a text token's bytes.
type textKind uint8

const (
	textData   textKind = iota // entities decoded
	textRaw                    // script, style …: NULs replaced, entities kept
	textRCDATA                 // title, textarea: NULs replaced, entities decoded
)

// scanTokens appends src's tokens to toks, and returns with them the
// decoded text of text tokens that are not plain, by their start, and the
// tag names that are no atom.
func scanTokens(src []byte, toks []rawToken) ([]rawToken, map[int]string, *nameTable) {
	s := &rawScanner{src: src, decoded: make(map[int]string, bytes.Count(src, []byte{'&'})/2)}
	for {
		t, ok := s.next()
		if !ok {
			return toks, s.decoded, &s.names
		}
		toks = append(toks, t)
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' }

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

func (s *rawScanner) eof() bool { return s.pos >= len(s.src) }

// next reads the next token; false at the end of the page or where the
// Tokenizer stops (a tag the page leaves unfinished).
func (s *rawScanner) next() (rawToken, bool) {
	start := s.pos
	if s.rawTag != "" {
		kind := textRaw
		if s.rawTag == "plaintext" {
			s.pos = len(s.src)
		} else {
			kind = s.readRawOrRCDATA()
		}
		if s.pos > start {
			return s.text(start, s.pos, kind), true
		}
	}
	for s.pastLess() {
		c := s.src[s.pos]
		s.pos++
		var typ html.TokenType
		switch {
		case isLetter(c):
			typ = html.StartTagToken
		case c == '/':
			typ = html.EndTagToken
		case c == '!' || c == '?':
			typ = html.CommentToken
		default:
			s.pos--
			continue
		}
		// Text before the tag is a token of its own.
		if x := s.pos - 2; start < x {
			s.pos = x
			return s.text(start, x, textData), true
		}
		switch typ {
		case html.StartTagToken:
			return s.readStartTag(start)
		case html.EndTagToken:
			if s.eof() {
				return s.text(start, s.pos, textData), true
			}
			c = s.src[s.pos]
			s.pos++
			if c == '>' {
				// "</>": the Tokenizer gives an empty comment.
				return rawToken{typ: html.CommentToken, start: start, end: s.pos}, true
			}
			if isLetter(c) {
				nameEnd, ok := s.readTag()
				if !ok {
					return rawToken{}, false
				}
				return rawToken{typ: html.EndTagToken, start: start, end: s.pos, name: s.tagName(start+2, nameEnd)}, true
			}
			s.pos--
			s.readUntilCloseAngle()
			return rawToken{typ: html.CommentToken, start: start, end: s.pos}, true
		default:
			if c == '!' {
				return s.readMarkupDeclaration(start), true
			}
			s.pos--
			s.readUntilCloseAngle()
			return rawToken{typ: html.CommentToken, start: start, end: s.pos}, true
		}
	}
	if start < s.pos {
		return s.text(start, s.pos, textData), true
	}
	return rawToken{}, false
}

// pastLess moves past the next "<" and reports whether a byte follows
// it; at the end of the page it stops there and reports false.
func (s *rawScanner) pastLess() bool {
	i := bytes.IndexByte(s.src[s.pos:], '<')
	if i < 0 {
		s.pos = len(s.src)
		return false
	}
	s.pos += i + 1
	return !s.eof()
}

// text is a text token, decoded the way the Tokenizer's Text decodes it
// where the bytes need it.
func (s *rawScanner) text(start, end int, kind textKind) rawToken {
	t := rawToken{typ: html.TextToken, start: start, end: end}
	b := s.src[start:end]
	if needsDecoding(b) {
		s.decoded[start] = decodeText(b, kind)
	} else {
		t.plain = true
	}
	return t
}

// needsDecoding reports whether text bytes hold an entity, a carriage
// return or a NUL: three vectorised scans beat one bytes.ContainsAny.
func needsDecoding(b []byte) bool {
	return bytes.IndexByte(b, '&') >= 0 || bytes.IndexByte(b, '\r') >= 0 || bytes.IndexByte(b, 0) >= 0
}

// decodeText is the Tokenizer's Text for a token of that kind.
func decodeText(b []byte, kind textKind) string {
	if kind != textRaw && bytes.IndexByte(b, '\r') < 0 && bytes.IndexByte(b, 0) < 0 {
		if out, ok := unescapeCommon(b); ok {
			return out
		}
	}
	str := string(b)
	if strings.IndexByte(str, '\r') >= 0 {
		str = strings.ReplaceAll(strings.ReplaceAll(str, "\r\n", "\n"), "\r", "\n")
	}
	if kind != textData && strings.IndexByte(str, 0) >= 0 {
		str = strings.ReplaceAll(str, "\x00", "\ufffd")
	}
	if kind != textRaw {
		str = html.UnescapeString(str)
	}
	return str
}

// commonEntities are the named references most pages write, closed by ";".
var commonEntities = map[string]string{
	"nbsp": "\u00a0", "amp": "&", "lt": "<", "gt": ">", "quot": `"`, "apos": "'",
	"mdash": "—", "ndash": "–", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“",
	"hellip": "…", "copy": "©", "reg": "®", "trade": "™", "euro": "€", "middot": "·", "bull": "•",
}

// unescapeCommon decodes text whose every "&" starts one of
// commonEntities or a decimal or hexadecimal reference to an ordinary
// character, each closed by ";", in one pass and one allocation. It
// reports false for anything else (a reference without ";", a name it
// does not know, a number the HTML spec remaps), which html.UnescapeString
// decodes by the full rules: FuzzScanTokens holds the two to the same
// text.
func unescapeCommon(b []byte) (string, bool) {
	var out strings.Builder
	out.Grow(len(b))
	for len(b) > 0 {
		i := bytes.IndexByte(b, '&')
		if i < 0 {
			out.Write(b)
			break
		}
		out.Write(b[:i])
		b = b[i+1:]
		end := bytes.IndexByte(b, ';')
		if end <= 0 || end > 8 {
			return "", false
		}
		name := b[:end]
		b = b[end+1:]
		if r, ok := commonEntities[string(name)]; ok {
			out.WriteString(r)
			continue
		}
		if name[0] != '#' || len(name) < 2 {
			return "", false
		}
		digits, base := name[1:], 10
		if digits[0] == 'x' || digits[0] == 'X' {
			digits, base = digits[1:], 16
		}
		if len(digits) == 0 {
			return "", false
		}
		x := 0
		for _, c := range digits {
			var d int
			switch {
			case '0' <= c && c <= '9':
				d = int(c - '0')
			case base == 16 && 'a' <= c && c <= 'f':
				d = int(c-'a') + 10
			case base == 16 && 'A' <= c && c <= 'F':
				d = int(c-'A') + 10
			default:
				return "", false
			}
			x = x*base + d
		}
		if x == 0 || 0x80 <= x && x <= 0x9F || 0xD800 <= x && x <= 0xDFFF || x > 0x10FFFF {
			return "", false // remapped or replaced by the spec's rules
		}
		out.WriteRune(rune(x))
	}
	return out.String(), true
}

// tagName is the name of src[lo:hi] lower-cased with NULs replaced, as
// the Tokenizer's TagName gives it: its atom where it has one, else an
// entry of s.names.
func (s *rawScanner) tagName(lo, hi int) tagName {
	name := s.src[lo:hi]
	if hasUpper(name) {
		var buf [16]byte
		low := buf[:0]
		if len(name) > len(buf) {
			low = make([]byte, 0, len(name))
		}
		for _, c := range name {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			low = append(low, c)
		}
		name = low
	}
	if a := atom.Lookup(name); a != 0 {
		return tagName(a)
	}
	return s.names.intern(strings.ReplaceAll(string(name), "\x00", "\ufffd"))
}

// tagName is a tag's name in a token: an atom.Atom for the names HTML
// knows, otherwise otherName plus an index into a nameTable. Tokens carry
// it rather than a string so that they hold no pointers: a page's few
// thousand tokens are one allocation the collector never scans.
type tagName uint32

const otherName tagName = 1 << 31

// nameTable holds the tag names that are no atom, in order of first use.
type nameTable struct {
	names []string
	index map[string]tagName
}

func (t *nameTable) intern(name string) tagName {
	if n, ok := t.index[name]; ok {
		return n
	}
	if t.index == nil {
		t.index = map[string]tagName{}
	}
	n := otherName | tagName(len(t.names))
	t.names = append(t.names, name)
	t.index[name] = n
	return n
}

// lookup is name's tagName, or false when no token has it.
func (t *nameTable) lookup(name string) (tagName, bool) {
	if a := atom.Lookup([]byte(name)); a != 0 {
		return tagName(a), true
	}
	n, ok := t.index[name]
	return n, ok
}

// String is the name as the Tokenizer gives it.
func (t *nameTable) String(n tagName) string {
	if n&otherName != 0 {
		return t.names[n&^otherName]
	}
	return atom.Atom(n).String()
}

// rawText reports whether the Tokenizer reads an element's text raw.
func rawText(a atom.Atom) bool {
	switch a {
	case atom.Iframe, atom.Noembed, atom.Noframes, atom.Noscript, atom.Plaintext, atom.Script, atom.Style, atom.Textarea, atom.Title, atom.Xmp:
		return true
	}
	return false
}

// readStartTag reads a start tag whose "<" is at start and whose name's
// first letter has been read.
func (s *rawScanner) readStartTag(start int) (rawToken, bool) {
	nameEnd, ok := s.readTag()
	if !ok {
		return rawToken{}, false
	}
	t := rawToken{typ: html.StartTagToken, start: start, end: s.pos, name: s.tagName(start+1, nameEnd)}
	if t.name&otherName == 0 && rawText(atom.Atom(t.name)) {
		s.rawTag = atom.Atom(t.name).String()
	}
	// Self-closing when the byte before ">" is a "/" that is not the end
	// of the last attribute's unquoted value ("<p a=/>").
	if s.src[s.pos-2] == '/' {
		if last, ok := s.lastKeptAttr(); !ok || s.pos-2 != last.ve-1 {
			t.typ = html.SelfClosingTagToken
			t.selfClose = true
		}
	}
	return t, true
}

// lastKeptAttr is the last attribute of the tag just read that the
// Tokenizer keeps.
func (s *rawScanner) lastKeptAttr() (attrSpan, bool) {
	kept := s.keptAttrs()
	for k := len(s.spans) - 1; k >= 0; k-- {
		if kept[k] {
			return s.spans[k], true
		}
	}
	return attrSpan{}, false
}

// keptAttrs reports for each attribute of the tag just read whether the
// Tokenizer keeps it: it has a key and no earlier attribute has the same
// one. Linear in the tag's attributes, however many repeat.
func (s *rawScanner) keptAttrs() []bool {
	s.kept = s.kept[:0]
	var keys map[string]bool
	if len(s.spans) > 8 {
		keys = make(map[string]bool, len(s.spans))
	}
	for k, a := range s.spans {
		key := s.src[a.ks:a.ke]
		keep := len(key) > 0
		switch {
		case !keep:
		case keys != nil:
			low := asciiLower(key)
			keep = !keys[low]
			keys[low] = true
		default:
			for _, b := range s.spans[:k] {
				if asciiEqualFold(key, s.src[b.ks:b.ke]) {
					keep = false
					break
				}
			}
		}
		s.kept = append(s.kept, keep)
	}
	return s.kept
}

// asciiLower lower-cases ASCII letters only, as the Tokenizer does, and
// leaves every other byte (invalid UTF-8 included) as it is.
func asciiLower(b []byte) string {
	out := []byte(string(b))
	for i, c := range out {
		if 'A' <= c && c <= 'Z' {
			out[i] = c + 'a' - 'A'
		}
	}
	return string(out)
}

// hasUpper reports whether b holds an ASCII capital.
func hasUpper(b []byte) bool {
	for _, c := range b {
		if 'A' <= c && c <= 'Z' {
			return true
		}
	}
	return false
}

func asciiEqualFold(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// readTag reads a tag's name and attributes after its name's first
// letter, up to and including its ">", recording the attributes in
// s.spans. It returns where the name ends, and false at the end of the
// page.
func (s *rawScanner) readTag() (int, bool) {
	s.spans = s.spans[:0]
	nameEnd := -1
	for nameEnd < 0 {
		if s.eof() {
			return 0, false
		}
		c := s.src[s.pos]
		s.pos++
		switch {
		case isSpace(c):
			nameEnd = s.pos - 1
		case c == '/' || c == '>':
			s.pos--
			nameEnd = s.pos
		}
	}
	if !s.skipSpace() {
		return 0, false
	}
	for {
		if s.eof() {
			return 0, false
		}
		if s.src[s.pos] == '>' {
			s.pos++
			return nameEnd, true
		}
		a, ok := s.readAttr()
		if !ok {
			return 0, false
		}
		s.spans = append(s.spans, a)
		if !s.skipSpace() {
			return 0, false
		}
	}
}

// skipSpace skips white space; false at the end of the page.
func (s *rawScanner) skipSpace() bool {
	for !s.eof() && isSpace(s.src[s.pos]) {
		s.pos++
	}
	return !s.eof()
}

// readAttr reads one attribute's key and value, as the Tokenizer's
// readTagAttrKey and readTagAttrVal do.
func (s *rawScanner) readAttr() (attrSpan, bool) {
	a := attrSpan{ks: s.pos}
	for a.ke == 0 {
		if s.eof() {
			return a, false
		}
		c := s.src[s.pos]
		s.pos++
		if c == '=' && a.ks+1 == s.pos {
			continue // an "=" before the name starts is part of it
		}
		if c == '=' || c == '/' || c == '>' || isSpace(c) {
			s.pos--
			a.ke = s.pos
		}
	}
	a.vs, a.ve = s.pos, s.pos
	if !s.skipSpace() {
		return a, false
	}
	c := s.src[s.pos]
	s.pos++
	if c == '/' {
		return a, true
	}
	if c != '=' {
		s.pos--
		return a, true
	}
	if !s.skipSpace() {
		return a, false
	}
	q := s.src[s.pos]
	s.pos++
	switch q {
	case '>':
		s.pos--
		return a, true
	case '\'', '"':
		a.vs = s.pos
		i := bytes.IndexByte(s.src[s.pos:], q)
		if i < 0 {
			s.pos = len(s.src)
			return a, false
		}
		a.ve = s.pos + i
		s.pos += i + 1
		return a, true
	}
	a.vs = s.pos - 1
	for {
		if s.eof() {
			return a, false
		}
		c := s.src[s.pos]
		s.pos++
		if isSpace(c) {
			a.ve = s.pos - 1
			return a, true
		}
		if c == '>' {
			s.pos--
			a.ve = s.pos
			return a, true
		}
	}
}

// readUntilCloseAngle reads past the next ">", or to the end.
func (s *rawScanner) readUntilCloseAngle() {
	if i := bytes.IndexByte(s.src[s.pos:], '>'); i >= 0 {
		s.pos += i + 1
	} else {
		s.pos = len(s.src)
	}
}

// readMarkupDeclaration reads what follows "<!": a comment, a doctype or a
// bogus comment.
func (s *rawScanner) readMarkupDeclaration(start int) rawToken {
	comment := rawToken{typ: html.CommentToken, start: start}
	if len(s.src)-s.pos < 2 {
		s.pos = len(s.src)
		comment.end = s.pos
		return comment
	}
	if s.src[s.pos] == '-' && s.src[s.pos+1] == '-' {
		s.pos += 2
		s.readComment()
		comment.end = s.pos
		return comment
	}
	if s.readDoctype() {
		return rawToken{typ: html.DoctypeToken, start: start, end: s.pos}
	}
	s.readUntilCloseAngle()
	comment.end = s.pos
	return comment
}

// readDoctype reads "DOCTYPE" in any case and what follows it up to ">",
// or reads nothing and reports false.
func (s *rawScanner) readDoctype() bool {
	const word = "doctype"
	if len(s.src)-s.pos < len(word) || !asciiEqualFold(s.src[s.pos:s.pos+len(word)], []byte(word)) {
		return false
	}
	s.pos += len(word)
	if s.skipSpace() {
		s.readUntilCloseAngle()
	}
	return true
}

// readComment reads a comment after its "<!--", to "-->", "--!>", an
// abrupt "<!-->" or "<!--->", or the end of the page.
func (s *rawScanner) readComment() {
	dashes, beginning := 0, true
	for !s.eof() {
		c := s.src[s.pos]
		s.pos++
		switch c {
		case '-':
			dashes++
			continue
		case '>':
			if dashes >= 2 || beginning {
				return
			}
		case '!':
			if dashes >= 2 {
				if s.eof() {
					return
				}
				c = s.src[s.pos]
				s.pos++
				if c == '>' {
					return
				}
				if c == '-' {
					dashes, beginning = 1, false
					continue
				}
			}
		}
		dashes, beginning = 0, false
	}
}

// readRawOrRCDATA reads the text of s.rawTag up to its end tag and says
// how that text decodes.
func (s *rawScanner) readRawOrRCDATA() textKind {
	tag := s.rawTag
	s.rawTag = ""
	if tag == "script" {
		s.readScript()
		return textRaw
	}
	for s.pastLess() {
		if s.src[s.pos] != '/' {
			continue
		}
		s.pos++
		if s.readRawEndTag(tag) || s.eof() {
			break
		}
	}
	if tag == "textarea" || tag == "title" {
		return textRCDATA
	}
	return textRaw
}

// readRawEndTag reads "tag" and a space, "/" or ">" after "</" and backs
// up to the "<", or reads as far as it matched and reports false.
func (s *rawScanner) readRawEndTag(tag string) bool {
	for i := 0; i < len(tag); i++ {
		if s.eof() {
			return false
		}
		c := s.src[s.pos]
		if c != tag[i] && c != tag[i]-('a'-'A') {
			return false
		}
		s.pos++
	}
	if s.eof() {
		return false
	}
	if c := s.src[s.pos]; isSpace(c) || c == '/' || c == '>' {
		s.pos -= 2 + len(tag)
		return true
	}
	return false
}

// readScript reads a script's text up to its "</script", following the
// escaping rules for "<!--" and "<script" inside it, as the Tokenizer's
// readScript does.
func (s *rawScanner) readScript() {
	const (
		data = iota
		escaped
		escapedDash
		escapedDashDash
		doubleEscaped
		doubleEscapedDash
		doubleEscapedDashDash
	)
	state := data
	next := func() (byte, bool) {
		if s.eof() {
			return 0, false
		}
		c := s.src[s.pos]
		s.pos++
		return c, true
	}
	for {
		c, ok := next()
		if !ok {
			return
		}
		switch state {
		case data:
			if c != '<' {
				continue
			}
			c, ok = next()
			if !ok {
				return
			}
			switch c {
			case '/':
				if s.readRawEndTag("script") || s.eof() {
					return
				}
			case '!':
				// "<!--" enters the escaped state.
				if c, ok = next(); !ok {
					return
				}
				if c != '-' {
					s.pos--
					continue
				}
				if c, ok = next(); !ok {
					return
				}
				if c != '-' {
					s.pos--
					continue
				}
				state = escapedDashDash
			default:
				s.pos--
			}
		default: // escaped or double escaped
			base := escaped
			if state >= doubleEscaped {
				base = doubleEscaped
			}
			if next, ok := dashState(state, base, c); ok {
				state = next
				continue
			}
			state = base
			if c != '<' {
				continue
			}
			if c, ok = next(); !ok {
				return
			}
			switch {
			case c == '/' && base == escaped:
				if s.readRawEndTag("script") || s.eof() {
					return
				}
			case c == '/':
				if s.readRawEndTag("script") {
					s.pos += len("</script>")
					state = escaped
				} else if s.eof() {
					return
				}
			case isLetter(c) && base == escaped:
				s.pos--
				state = s.doubleEscapeStart()
				if s.eof() {
					return
				}
			case base == escaped:
				s.pos--
				state = data
			default:
				s.pos--
			}
		}
	}
}

// dashState steps the dash states an escaped and a double-escaped script
// share: base, base+1 after one "-", base+2 after two, and back to plain
// script data on the ">" of "-->". It reports false for any other byte.
func dashState(state, base int, c byte) (int, bool) {
	switch {
	case c == '-' && state == base:
		return base + 1, true
	case c == '-':
		return base + 2, true
	case c == '>' && state == base+2:
		return 0, true
	}
	return state, false
}

// doubleEscapeStart reads "script" and a space, "/" or ">" after "<" in
// an escaped script: the double-escaped state, or back to escaped.
func (s *rawScanner) doubleEscapeStart() int {
	const escaped, doubleEscaped = 1, 4
	for i := 0; i < len("script"); i++ {
		if s.eof() {
			return escaped
		}
		c := s.src[s.pos]
		s.pos++
		if c != "script"[i] && c != "SCRIPT"[i] {
			s.pos--
			return escaped
		}
	}
	if s.eof() {
		return escaped
	}
	c := s.src[s.pos]
	s.pos++
	if isSpace(c) || c == '/' || c == '>' {
		return doubleEscaped
	}
	s.pos--
	return escaped
}

// tagAttrs is the attribute list the Tokenizer gives for the start tag
// src[start:end]: keys lower-cased, duplicates dropped, values decoded.
func tagAttrs(src []byte, start, end int) []html.Attribute {
	raw := src[start:end]
	if bytes.ContainsAny(raw, "\r\x00") {
		return tokenizerAttrs(raw)
	}
	s := &rawScanner{src: src, pos: start + 2}
	if _, ok := s.readTag(); !ok {
		return nil
	}
	attrs := make([]html.Attribute, 0, len(s.spans))
	kept := s.keptAttrs()
	for k, a := range s.spans {
		if !kept[k] {
			continue
		}
		val := src[a.vs:a.ve]
		v := string(val)
		if bytes.IndexByte(val, '&') >= 0 {
			// A value whose references are all closed by ";" decodes the
			// same in an attribute as in text; any other goes to the
			// Tokenizer's attribute rules.
			var ok bool
			if v, ok = unescapeCommon(val); !ok {
				return tokenizerAttrs(raw)
			}
		}
		attrs = append(attrs, html.Attribute{Key: asciiLower(src[a.ks:a.ke]), Val: v})
	}
	return attrs
}

// tokenizerAttrs is the Tokenizer's own reading of a start tag's
// attributes, which decodes values by its attribute rules.
func tokenizerAttrs(raw []byte) []html.Attribute {
	z := html.NewTokenizer(bytes.NewReader(raw))
	z.Next()
	var attrs []html.Attribute
	for _, more := z.TagName(); more; {
		var k, v []byte
		k, v, more = z.TagAttr()
		attrs = append(attrs, html.Attribute{Key: string(k), Val: string(v)})
	}
	return attrs
}
