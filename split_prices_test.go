package fork_test

import (
	"context"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/marketingfork/fork"
)

// TestSplitPricesLedger locks a price split over inline elements at its
// true value: "$59<sup>95</sup>" is 59.95, not 5995, which "all facts kept"
// would then protect.
func TestSplitPricesLedger(t *testing.T) {
	page, err := os.ReadFile("internal/extract/testdata/pages/split-prices.html")
	if err != nil {
		t.Fatal(err)
	}
	ex, err := fork.New().Extract(context.Background(), fork.Source{HTML: string(page)})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range ex.Ledger {
		if f.Kind == "price" {
			got = append(got, f.Value)
		}
	}
	want := []string{"USD 30.00", "USD 59.95", "USD 120.00/year"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("price facts (-want +got):\n%s", diff)
	}
}
