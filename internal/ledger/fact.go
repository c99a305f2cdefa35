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
	KindClaim      Kind = "claim"     // an offer claim without digits: free shipping, cancel anytime, #1
	KindCode       Kind = "code"      // a coupon or promo code: FUNDADOR, SAVE20
)

// ClaimKind is the sort of a claim fact.
type ClaimKind string

// The kinds of claim. A claim's Value starts with its kind and a colon:
// "free:shipping".
const (
	ClaimGuarantee   ClaimKind = "guarantee"   // money-back, warranty, risk-free
	ClaimFree        ClaimKind = "free"        // free shipping, free trial, free plan, "gratuit"
	ClaimSuperlative ClaimKind = "superlative" // #1, best, fastest, leading, the only
	ClaimProof       ClaimKind = "proof"       // clinically proven, certified, award-winning, official
	ClaimEndorsement ClaimKind = "endorsement" // trusted by, used by, as seen on, recommended by
	ClaimScarcity    ClaimKind = "scarcity"    // only N left, limited time, ends Sunday, sold out
	ClaimCondition   ClaimKind = "condition"   // billed annually, cancel anytime, no contract, VAT included
	ClaimAllowance   ClaimKind = "allowance"   // unlimited X
)

// The qualifiers a numeric fact may carry (Fact.Qualifier). Prefix
// qualifiers stand before the amount in Value ("up-to 17%"), suffix ones
// after it ("EUR 115.00 per-person").
const (
	QualifierFrom      = "from"       // from $10, starting at, ab, à partir de, desde, a partir de
	QualifierUpTo      = "up-to"      // up to 17%, bis zu, jusqu'à, hasta, até, fino al, tot
	QualifierOnly      = "only"       // only $5, just, nur, seulement, solo, só, apenas
	QualifierPerPerson = "per-person" // after a price: per person, pro Person, par personne
	QualifierPerUser   = "per-user"   // after a price: per user, per seat, pro Nutzer
	// QualifierWas marks a struck-out price, the "was" price of a
	// discount: "was EUR 125.00" (see Fact.Was).
	QualifierWas = "was"
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
	// e-mail lower-cased; phones as digits with a leading + where given;
	// claims: a language-independent key ("free:shipping",
	// "condition:billed-annually"); codes: the code exactly as written.
	// A numeric fact's qualifiers are part of its Value: "up-to 17%",
	// "from USD 10.00", "EUR 115.00 per-person".
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
	// Claim is the kind of a claim fact.
	Claim ClaimKind `json:"claim,omitempty"`
	// Qualifier is what qualifies a numeric fact: "from", "up-to", "only",
	// "per-person", "per-user", "was", or prefix and suffix qualifiers
	// joined by a space ("was from per-person"). Text does not include it.
	Qualifier string `json:"qualifier,omitempty"`
	// Was says the price is struck out in the page: the "was" price of a
	// discount, which a reader sees crossed out beside the live price. Its
	// Value starts with "was " so that it is never the same fact as a live
	// price of the same amount. A fork keeps it, struck out, beside its
	// live price, and should not lead with it.
	Was bool `json:"was,omitempty"`
	// Beside is the Value of the live price a "was" price stands beside in
	// its block (the nearest one), or "" when the block holds none.
	Beside string `json:"beside,omitempty"`
}
