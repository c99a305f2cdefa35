package httpapi

import "unicode/utf8"

// syntaxError is a JSON syntax error as Python's json module reports it,
// because FastAPI puts that module's message and position in its 422
// (type json_invalid, ctx.error, loc ["body", pos]). Pos is a byte offset.
type syntaxError struct {
	msg string
	pos int
}

// checkJSON reports the first syntax error in b the way CPython's json
// scanner (3.13) would, or nil when b is one valid JSON value. It accepts
// exactly standard JSON: Python's NaN and Infinity extensions are refused,
// because they could not be echoed back in a JSON answer.
func checkJSON(b []byte) *syntaxError {
	if !utf8.Valid(b) {
		pos := 0
		for pos < len(b) {
			r, n := utf8.DecodeRune(b[pos:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			pos += n
		}
		return &syntaxError{"Invalid UTF-8 byte", pos}
	}
	s := &jsonScanner{b: b}
	end, err := s.value(s.ws(0))
	if err != nil {
		return err
	}
	if end = s.ws(end); end != len(b) {
		return &syntaxError{"Extra data", end}
	}
	return nil
}

// maxDepth bounds nesting, so that a body of a million '[' cannot grow
// the stack without end. Python gives up at its recursion limit too.
const maxDepth = 1000

type jsonScanner struct {
	b     []byte
	depth int
}

func (s *jsonScanner) ws(i int) int {
	for i < len(s.b) && (s.b[i] == ' ' || s.b[i] == '\t' || s.b[i] == '\n' || s.b[i] == '\r') {
		i++
	}
	return i
}

// value scans one value at i (no leading space) and returns its end.
func (s *jsonScanner) value(i int) (int, *syntaxError) {
	if i >= len(s.b) {
		return 0, &syntaxError{"Expecting value", i}
	}
	switch c := s.b[i]; {
	case c == '"':
		return s.str(i + 1)
	case c == '{' || c == '[':
		if s.depth++; s.depth > maxDepth {
			return 0, &syntaxError{"Too deeply nested", i}
		}
		defer func() { s.depth-- }()
		if c == '{' {
			return s.object(i + 1)
		}
		return s.array(i + 1)
	case c == 'n' && s.lit(i, "null"), c == 't' && s.lit(i, "true"):
		return i + 4, nil
	case c == 'f' && s.lit(i, "false"):
		return i + 5, nil
	case c == '-' || c >= '0' && c <= '9':
		return s.number(i)
	}
	return 0, &syntaxError{"Expecting value", i}
}

func (s *jsonScanner) lit(i int, word string) bool {
	return len(s.b)-i >= len(word) && string(s.b[i:i+len(word)]) == word
}

// number follows CPython's _match_number: an integer part, then a fraction
// only if a digit follows the dot, then an exponent only if it has digits;
// whatever does not fit is left for the caller to trip over.
func (s *jsonScanner) number(start int) (int, *syntaxError) {
	i := start
	if s.b[i] == '-' {
		i++
	}
	digit := func(i int) bool { return i < len(s.b) && s.b[i] >= '0' && s.b[i] <= '9' }
	switch {
	case digit(i) && s.b[i] != '0':
		for digit(i) {
			i++
		}
	case digit(i):
		i++
	default:
		return 0, &syntaxError{"Expecting value", start}
	}
	if i < len(s.b) && s.b[i] == '.' && digit(i+1) {
		i += 2
		for digit(i) {
			i++
		}
	}
	if i < len(s.b) && (s.b[i] == 'e' || s.b[i] == 'E') {
		j := i + 1
		if j < len(s.b) && (s.b[j] == '+' || s.b[j] == '-') {
			j++
		}
		if digit(j) {
			for digit(j) {
				j++
			}
			i = j
		}
	}
	return i, nil
}

// str scans a string whose opening quote is at i-1.
func (s *jsonScanner) str(i int) (int, *syntaxError) {
	begin := i - 1
	for i < len(s.b) {
		switch c := s.b[i]; {
		case c == '"':
			return i + 1, nil
		case c < 0x20:
			return 0, &syntaxError{"Invalid control character at", i}
		case c == '\\':
			if i+1 >= len(s.b) {
				return 0, &syntaxError{"Unterminated string starting at", begin}
			}
			switch s.b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 >= len(s.b) {
					return 0, &syntaxError{"Invalid \\uXXXX escape", i + 1}
				}
				for _, h := range s.b[i+2 : i+6] {
					if !(h >= '0' && h <= '9' || h >= 'a' && h <= 'f' || h >= 'A' && h <= 'F') {
						return 0, &syntaxError{"Invalid \\uXXXX escape", i + 1}
					}
				}
				i += 6
			default:
				return 0, &syntaxError{"Invalid \\escape", i}
			}
		default:
			i++
		}
	}
	return 0, &syntaxError{"Unterminated string starting at", begin}
}

// object scans an object whose '{' is at i-1.
func (s *jsonScanner) object(i int) (int, *syntaxError) {
	i = s.ws(i)
	if i < len(s.b) && s.b[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(s.b) || s.b[i] != '"' {
			return 0, &syntaxError{"Expecting property name enclosed in double quotes", i}
		}
		end, err := s.str(i + 1)
		if err != nil {
			return 0, err
		}
		i = s.ws(end)
		if i >= len(s.b) || s.b[i] != ':' {
			return 0, &syntaxError{"Expecting ':' delimiter", i}
		}
		if i, err = s.value(s.ws(i + 1)); err != nil {
			return 0, err
		}
		i = s.ws(i)
		if i < len(s.b) && s.b[i] == '}' {
			return i + 1, nil
		}
		if i >= len(s.b) || s.b[i] != ',' {
			return 0, &syntaxError{"Expecting ',' delimiter", i}
		}
		comma := i
		if i = s.ws(i + 1); i < len(s.b) && s.b[i] == '}' {
			return 0, &syntaxError{"Illegal trailing comma before end of object", comma}
		}
	}
}

// array scans an array whose '[' is at i-1.
func (s *jsonScanner) array(i int) (int, *syntaxError) {
	i = s.ws(i)
	if i < len(s.b) && s.b[i] == ']' {
		return i + 1, nil
	}
	for {
		var err *syntaxError
		if i, err = s.value(i); err != nil {
			return 0, err
		}
		i = s.ws(i)
		if i < len(s.b) && s.b[i] == ']' {
			return i + 1, nil
		}
		if i >= len(s.b) || s.b[i] != ',' {
			return 0, &syntaxError{"Expecting ',' delimiter", i}
		}
		comma := i
		if i = s.ws(i + 1); i < len(s.b) && s.b[i] == ']' {
			return 0, &syntaxError{"Illegal trailing comma before end of array", comma}
		}
	}
}
