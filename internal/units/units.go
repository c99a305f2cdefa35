// Package units converts quantities for a target region: °F and °C,
// pounds and kilograms, inches and centimetres, miles and kilometres. Every
// provider converts with the same table, and the provider, never a model,
// records the change, so verification can hold the fork to it.
package units

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/marketingfork/fork/internal/ledger"
)

// Conversion turns a quantity in one unit into another unit.
type Conversion struct {
	// To is the unit as written in the fork ("°C", "kg").
	To string
	// Rule names the conversion, for the ledger and the rationale.
	Rule   string
	factor float64
	offset float64 // applied before the factor (°F → °C: -32)
	after  float64 // applied after the factor (°C → °F: +32)
}

// toMetric and toImperial are keyed by the ledger's unit key.
var (
	toMetric = map[string]Conversion{
		"°F": {To: "°C", Rule: "°F to °C", factor: 5.0 / 9, offset: -32},
		"lb": {To: "kg", Rule: "pounds to kilograms", factor: 0.45359237},
		"in": {To: "cm", Rule: "inches to centimetres", factor: 2.54},
		"mi": {To: "km", Rule: "miles to kilometres", factor: 1.609344},
	}
	toImperial = map[string]Conversion{
		"°C": {To: "°F", Rule: "°C to °F", factor: 9.0 / 5, after: 32},
		"kg": {To: "lb", Rule: "kilograms to pounds", factor: 1 / 0.45359237},
		"cm": {To: "inches", Rule: "centimetres to inches", factor: 1 / 2.54},
		"km": {To: "miles", Rule: "kilometres to miles", factor: 1 / 1.609344},
	}
)

// imperialRegions measure in US customary units; every other region is
// metric, though the United Kingdom keeps miles for distances.
var imperialRegions = map[string]bool{"US": true, "LR": true, "MM": true}

// For returns the conversion a target region (an ISO 3166 code, "GB")
// applies to a unit; false when the region writes the unit as it is, or
// when the region is unknown ("").
func For(region, unit string) (Conversion, bool) {
	switch {
	case region == "":
		return Conversion{}, false
	case imperialRegions[region]:
		c, ok := toImperial[unit]
		return c, ok
	case region == "GB" && unit == "mi":
		return Conversion{}, false
	}
	c, ok := toMetric[unit]
	return c, ok
}

// Convert writes the converted amount with its unit: whole numbers from 10
// up and for temperatures, one decimal below, so the fork does not claim
// more precision than the source.
func (c Conversion) Convert(amount float64) string {
	v := (amount+c.offset)*c.factor + c.after
	var s string
	if math.Abs(v) >= 10 || c.To == "°C" || c.To == "°F" {
		s = strconv.FormatFloat(math.Round(v), 'f', -1, 64)
	} else {
		s = strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64)
	}
	if s == "-0" {
		s = "0"
	}
	return s + " " + c.To
}

// Fact converts a ledger quantity for a fork into target (a language tag,
// "en-GB") whose region is region: what the fork writes ("-10 °C"), the
// value the ledger reads back from it (the change's To), and the rule's
// name ("en-GB: °F to °C"). ok is false when the region writes the fact as
// it is, or when the ledger would not read the conversion back, so that no
// change is ever recorded that verification could not check.
func Fact(f ledger.Fact, target, region string) (written, value, rule string, ok bool) {
	if f.Kind != ledger.KindQuantity {
		return "", "", "", false
	}
	c, found := For(region, f.Unit)
	if !found {
		return "", "", "", false
	}
	written = c.Convert(f.Amount)
	for _, nf := range ledger.FromText(written, target) {
		if nf.Kind == ledger.KindQuantity {
			value = nf.Value
		}
	}
	if value == "" {
		return "", "", "", false
	}
	if f.Qualifier != "" {
		// The qualifier stands in the fork's words as in the source's
		// ("up to 5 miles" → "up to 8 km"), so the value the ledger reads
		// back carries it too: put the converted amount in its place.
		var bare string
		for _, nf := range ledger.FromText(f.Text, target) {
			if nf.Kind == ledger.KindQuantity {
				bare = nf.Value
			}
		}
		if bare == "" || !strings.Contains(f.Value, bare) {
			return "", "", "", false
		}
		value = strings.Replace(f.Value, bare, value, 1)
	}
	return written, value, fmt.Sprintf("%s: %s", target, c.Rule), true
}
