package rules_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/marketingfork/fork"
)

// TestPlanMaterial: a plan names the page's lines that carry the
// profile's substance, so an agent moves them up instead of naming the
// audience; a page without any says what the reader will miss.
func TestPlanMaterial(t *testing.T) {
	const src = `<html lang="en"><head><title>Ledgerbox</title></head><body>
<section><h1>Bookkeeping that closes your month</h1><p>Ledgerbox matches receipts to bank lines as they arrive.</p><a href="/trial">Start free</a></section>
<section><h2>Plans</h2><div class="price">$19/month</div><p>Save 25% when you pay yearly.</p></section>
<section><h2>Our promise</h2><p>If your first month does not save you time, we refund every cent within 30 days.</p></section>
</body></html>`
	f := newForker()
	for _, tt := range []struct {
		profile string
		block   string // a word of the line that should come first
		note    bool
	}{
		{"cautious", "refund", false},
		{"bargain-hunter", "Save 25%", false},
		{"parent", "", true},
	} {
		t.Run(tt.profile, func(t *testing.T) {
			plan, err := f.Plan(context.Background(), fork.Request{HTML: src, Profile: tt.profile})
			if err != nil {
				t.Fatal(err)
			}
			if tt.note {
				if len(plan.Material) != 0 || plan.MaterialNote == "" {
					t.Errorf("material %+v, note %q; want none and a note", plan.Material, plan.MaterialNote)
				}
				// The page serves other readers: the plan names them.
				for _, want := range []string{"bargain-hunter", "cautious"} {
					if !slices.Contains(plan.Fits, want) {
						t.Errorf("fits %v; want %s among them", plan.Fits, want)
					}
				}
				if slices.Contains(plan.Fits, "parent") {
					t.Errorf("fits %v names the plan's own profile", plan.Fits)
				}
				return
			}
			if len(plan.Material) == 0 || !strings.Contains(plan.Material[0].Text, tt.block) || plan.Material[0].Why == "" || plan.MaterialNote != "" || plan.Fits != nil {
				t.Fatalf("material %+v, note %q; want %q first, with a reason", plan.Material, plan.MaterialNote, tt.block)
			}
			if b := plan.Blocks[plan.Material[0].Block]; !strings.Contains(b.Text, plan.Material[0].Text) {
				t.Errorf("material names block %d, which reads %q", b.ID, b.Text)
			}
		})
	}

	t.Run("no finder", func(t *testing.T) {
		plan, err := fork.New().Plan(context.Background(), fork.Request{HTML: src, Profile: "cautious"})
		if err != nil {
			t.Fatal(err)
		}
		if plan.Material != nil || plan.MaterialNote != "" {
			t.Errorf("a forker without a finder gave material %+v, note %q", plan.Material, plan.MaterialNote)
		}
		plan, err = fork.New(fork.WithMaterialFinder(newForker().Provider().(fork.MaterialFinder))).Plan(context.Background(), fork.Request{HTML: src, Profile: "cautious"})
		if err != nil || len(plan.Material) == 0 {
			t.Errorf("WithMaterialFinder: material %+v, err %v", plan.Material, err)
		}
	})
}
