package fork

import (
	"github.com/marketingfork/fork/internal/ledger"
	"github.com/marketingfork/fork/internal/readability"
)

// Names for the types that exported fields and methods of this package
// hold and return but that are defined in internal packages, so that an
// importer can declare a variable of them, write a function taking one,
// or read their documentation with go doc.
type (
	// TextStats are the measurable properties of a text: sentences,
	// words, syllables, long words and the like (Analysis.Text,
	// TextMetrics.Text, Sample.Measure).
	TextStats = readability.Stats
	// ReadabilityScores are the readability formulas of a text's language
	// (Analysis.Readability, TextMetrics.Readability, Sample.Measure).
	ReadabilityScores = readability.Scores
	// ClaimKind is the kind of a claim fact ("free", "condition"),
	// Fact.Claim.
	ClaimKind = ledger.ClaimKind
)
