package langdetect

// Knows reports whether Detect can name lang, a base language subtag
// ("de"): a check for a language it cannot name is skipped, not passed.
func Knows(lang string) bool {
	for _, l := range languages {
		if l == lang {
			return true
		}
	}
	return false
}
