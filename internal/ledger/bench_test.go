package ledger

import (
	"testing"

	"github.com/marketingfork/fork/internal/extract"
)

// benchPage is a 30-block English landing page written for the benchmark.
func benchPage() Source {
	texts := []struct {
		role extract.Role
		text string
		href string
	}{
		{extract.RoleTitle, "Pricing | Tallyroom", ""},
		{extract.RoleMetaDescription, "Tallyroom keeps small teams' books tidy. Plans from $9/mo, free for 14 days.", ""},
		{extract.RoleHeadline, "Bookkeeping That Closes Itself", ""},
		{extract.RoleSubheadline, "Over 12,500 studios and 300 agencies reconcile with Tallyroom every week.", ""},
		{extract.RoleCTA, "Start your 14-day free trial", "https://app.tallyroom.example/signup"},
		{extract.RoleBody, "Tallyroom connects to 40+ banks in 18 countries and matches 93.5% of transactions without a click. Receipts are read in under 5 seconds.", ""},
		{extract.RoleBullet, "Unlimited invoices and 3 users included", ""},
		{extract.RoleBullet, "Exports for QuickLedger and SheetBase", ""},
		{extract.RoleBullet, "Data kept for 7 years on servers in Frankfurt", ""},
		{extract.RolePrice, "Solo $9/mo", ""},
		{extract.RolePrice, "Studio $29/mo or $290/yr (save 17%)", ""},
		{extract.RolePrice, "Agency $79 per month, billed annually", ""},
		{extract.RoleCTA, "Choose Studio", "/signup?plan=studio"},
		{extract.RoleTestimonial, "“We closed March in 2 hours instead of 2 days.” Tallyroom paid for itself in a week.", ""},
		{extract.RoleTestimonial, "“Our accountant asked what changed.” It was Tallyroom.", ""},
		{extract.RoleGuarantee, "30-day money-back guarantee, no questions asked.", ""},
		{extract.RoleFAQQuestion, "Can I switch plans later?", ""},
		{extract.RoleFAQAnswer, "Yes. Upgrades apply at once; downgrades apply at the next renewal. Refunds are prorated for annual plans.", ""},
		{extract.RoleFAQQuestion, "Is my data safe?", ""},
		{extract.RoleFAQAnswer, "Payments run through a PCI DSS Level 1 processor and files are encrypted with 256-bit keys.", ""},
		{extract.RoleFAQQuestion, "Do you support VAT?", ""},
		{extract.RoleFAQAnswer, "Yes, VAT and GST for 30+ countries, with quarterly reports.", ""},
		{extract.RoleBody, "Webinars every Tuesday at 5pm; the next one is on April 14th, 2026.", ""},
		{extract.RoleBody, "Questions? Write to help@tallyroom.example or call (555) 201-3344.", ""},
		{extract.RoleBody, "Migrating from a spreadsheet takes about 20 minutes and is free for teams of up to 10 people.", ""},
		{extract.RoleBullet, "Early-bird pricing ends 2026-05-31", ""},
		{extract.RoleCTA, "Book a demo", "mailto:sales@tallyroom.example"},
		{extract.RoleBody, "Tallyroom is used by 1,200 nonprofits, who get 50% off any plan.", ""},
		{extract.RoleFinePrint, "Prices in USD, excluding VAT. © 2026 Tallyroom Inc. All rights reserved.", ""},
		{extract.RoleFinePrint, "Tallyroom™ is a trademark of Tallyroom Inc. Terms of Service apply.", ""},
	}
	src := Source{Locale: "en", Names: []string{"Tallyroom"}}
	for i, x := range texts {
		src.Blocks = append(src.Blocks, extract.Block{ID: i, Role: x.role, Text: x.text, Href: x.href})
	}
	return src
}

func BenchmarkExtract(b *testing.B) {
	src := benchPage()
	b.ReportAllocs()
	for b.Loop() {
		Extract(src)
	}
}

func BenchmarkFromText(b *testing.B) {
	text := "Studio $29/mo or $290/yr (save 17%). Over 12,500 studios reconcile every week; next webinar April 14th, 2026 at 5pm."
	b.ReportAllocs()
	for b.Loop() {
		FromText(text, "en")
	}
}
