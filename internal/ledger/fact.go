// Package ledger finds the facts a fork must keep (prices, numbers, names,
// links, guarantees) in a page's copy blocks, and normalises them so that a
// fork can be compared with its source whatever the locale's number format.
package ledger

// Kind is the kind of a fact.
type Kind string

// The kinds of fact the ledger records.
const (
	KindPrice      Kind = "price"      // an amount with a currency: $30.00, 115 €, R$ 1.058
	KindPercentage Kind = "percentage" // 20%, -20 %, 93.9%
	KindQuantity   Kind = "quantity"   // a number with a unit: 5 miles, 1.32 GB, 14 days, 20 checks
	KindNumber     Kind = "number"     // a bare number that matters: 1 247 (surfers), 43 (languages)
	KindDate       Kind = "date"       // dates and deadlines: June 20th, 2018-08-08, 11 juillet
	KindName       Kind = "name"       // product and brand names
	KindURL        Kind = "url"        // links and CTA targets
	KindEmail      Kind = "email"
	KindPhone      Kind = "phone"
	KindGuarantee  Kind = "guarantee" // a guarantee line, kept verbatim
	KindLegal      Kind = "legal"     // a legal line, kept verbatim
)

// Fact is one thing a fork must keep.
type Fact struct {
	// Kind is what sort of fact this is.
	Kind Kind `json:"kind"`
	// Text is the fact as written in the page.
	Text string `json:"text"`
	// Value is the normalised form used for comparison; two facts with the
	// same Kind and Value are the same fact whatever the locale wrote.
	// Prices: "EUR 4.99" or "EUR 4.99/month"; percentages: "20%";
	// quantities: "1.32 GB"; numbers: "1247"; dates: ISO 8601 where the
	// parts are known ("2018-08-08", "--06-20"); names, guarantees and
	// legal lines: the text with white space folded; URLs as written;
	// e-mail lower-cased; phones as digits with a leading + where given.
	Value string `json:"value"`
	// Amount is the numeric value of prices, percentages, quantities and
	// numbers.
	Amount float64 `json:"amount,omitempty"`
	// Currency is the ISO 4217 code of a price.
	Currency string `json:"currency,omitempty"`
	// Unit is the unit of a quantity ("GB", "mi", "day") or the period of
	// a price ("month", "year").
	Unit string `json:"unit,omitempty"`
	// Block is the ID of the block the fact stood in.
	Block int `json:"block"`
}
