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

// FunctionWord reports whether w, lower case, is a function word (an
// article, pronoun, preposition, conjunction or auxiliary) of a language
// Detect knows: such a word is never a name, wherever it is capitalised.
func FunctionWord(w string) bool {
	_, ok := wordWeights[w]
	return ok
}
