package httpapi

import (
	"strconv"
	"strings"
)

// acceptQ is the quality an Accept header gives mediaType (RFC 9110
// §12.5.1): the q of the most specific range that matches it, 1 when the
// header is absent.
func acceptQ(accept, mediaType string) float64 {
	if strings.TrimSpace(accept) == "" {
		return 1
	}
	typ, _, _ := strings.Cut(mediaType, "/")
	best, bestRank := 0.0, -1
	for _, part := range strings.Split(accept, ",") {
		params := strings.Split(part, ";")
		rng := strings.ToLower(strings.TrimSpace(params[0]))
		rank := -1
		switch {
		case rng == mediaType:
			rank = 2
		case rng == typ+"/*":
			rank = 1
		case rng == "*/*":
			rank = 0
		}
		if rank < 0 || rank < bestRank {
			continue
		}
		q := 1.0
		for _, p := range params[1:] {
			k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && f >= 0 && f <= 1 {
					q = f
				}
			}
		}
		if rank > bestRank || q > best {
			best, bestRank = q, rank
		}
	}
	return best
}
