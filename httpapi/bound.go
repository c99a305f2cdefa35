package httpapi

import (
	"slices"
	"unicode/utf8"
)

// maxEcho bounds how much of a caller's input a 422 echoes back. FastAPI
// echoes the whole input; a 100 KB html field would come back whole, so we
// cut each string to maxEcho bytes (at a rune boundary, with "…" after it)
// and stop after maxEchoTotal bytes in all. The OpenAPI document says so.
const (
	maxEcho      = 1024
	maxEchoTotal = 8 << 10
)

// boundInputs returns items whose Input values are cut to the echo limits.
func boundInputs(items []item) []item {
	budget := maxEchoTotal
	out := make([]item, len(items))
	for i, it := range items {
		it.Input = boundValue(it.Input, &budget)
		out[i] = it
	}
	return out
}

// boundValue cuts the strings in v (a decoded JSON value) to the limits,
// spending budget as it goes; maps and slices are copied, never changed in
// place.
func boundValue(v any, budget *int) any {
	switch x := v.(type) {
	case string:
		limit := min(maxEcho, max(*budget, 0))
		if len(x) <= limit {
			*budget -= len(x)
			return x
		}
		cut := limit
		for cut > 0 && !utf8.RuneStart(x[cut]) {
			cut--
		}
		*budget -= cut
		return x[:cut] + "…"
	case map[string]any:
		// Keys in order, so the same input is cut the same way each time.
		m := make(map[string]any, len(x))
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			m[k] = boundValue(x[k], budget)
		}
		return m
	case []any:
		s := make([]any, len(x))
		for i, e := range x {
			s[i] = boundValue(e, budget)
		}
		return s
	}
	return v
}
