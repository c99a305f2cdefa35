package rules

import (
	"github.com/google/go-cmp/cmp"
	"testing"

	"github.com/marketingfork/fork"
	"github.com/marketingfork/fork/internal/extract"
)

func TestLayerTransforms(t *testing.T) {
	p := testProvider()
	tests := []struct {
		name, layer, lang string
		role              fork.Role
		in, want          string
	}{
		{"professional expands", "professional", "en", fork.RoleBody, "We're sure you'll like it, and it's free. Don’t wait.", "We are sure you will like it, and it is free. Do not wait."},
		{"professional reads a 'd before a participle as had", "professional", "en", fork.RoleBody, "I'd been laid off, and we'd never worked so hard. I'd love to help, and you'd need a day.", "I had been laid off, and we had never worked so hard. I would love to help, and you would need a day."},
		{"professional keeps a quotation's 'd", "professional", "en", fork.RoleBody, `She told us: "I'd tried everything." We'd tried it too.`, `She told us: "I'd tried everything." We had tried it too.`},
		{"professional keeps 'd as would before a base form", "professional", "en", fork.RoleBody, "I'd run to get this. You’d become a runner. I’D BEEN THERE.", "I would run to get this. You would become a runner. I HAD BEEN THERE."},
		{"professional keeps possessives", "professional", "en", fork.RoleBody, "The team's plan isn't late.", "The team's plan is not late."},
		{"professional keeps an inverted negative", "professional", "en", fork.RoleBody, "Doesn't it make sense to start now? It's free, isn't it? Don't you worry: we're here.", "Doesn't it make sense to start now? It's free, isn't it? Don't you worry: we are here."},
		// A question and an idiom before "ever" are spoken register:
		// written out, "who says you cannot teach an old dog new tricks?"
		// and "the last editor you will ever need" read stiff.
		{"professional keeps everyone's possessive", "professional", "en", fork.RoleBody, "It drafts a week around everyone's availability, and it's done. Nobody's ever late, and nobody's ever had one.", "It drafts a week around everyone's availability, and it is done. Nobody's ever late, and nobody has ever had one."},
		{"professional keeps a question's contractions", "professional", "en", fork.RoleBody, "We don't track you. Who says you can't teach an old app new tricks?", "We do not track you. Who says you can't teach an old app new tricks?"},
		{"professional keeps an idiom before ever", "professional", "en", fork.RoleBody, "It's the last editor you'll ever need, and we're proud of it.", "It is the last editor you'll ever need, and we are proud of it."},
		{"professional drops exclamations", "professional", "en", fork.RoleBody, "Start today!! It works!", "Start today. It works."},
		{"professional removes hype", "professional", "en", fork.RoleBody, "An amazing tool for an incredible price.", "A tool for a price."},
		{"hype predicate replaced", "technical", "en", fork.RoleBody, "The result is stunning.", "The result is good."},
		{"hype at start", "technical", "en", fork.RoleBody, "Fantastic results in 3 days.", "Results in 3 days."},
		{"professional keeps a quotation's marks", "professional", "en", fork.RoleBody, `The book says "Rejoice and be happy!" on every page!`, `The book says "Rejoice and be happy!" on every page.`},
		{"slang", "professional", "en", fork.RoleBody, "We're gonna sort your stuff.", "We are going to sort your things."},
		{"everyday contracts", "everyday", "en", fork.RoleBody, "You do not need a card and it is free.", "You don't need a card and it's free."},
		{"everyday keeps a stressed word", "everyday", "en", fork.RoleBody, "Who this is NOT for: those who do not read. IT IS FREE.", "Who this is NOT for: those who don't read. IT'S FREE."},
		{"everyday contracts a line in capitals", "everyday", "en", fork.RoleBody, "WE ARE OPEN. IT IS A GO.", "WE'RE OPEN. IT'S A GO."},
		{"everyday negates before the pronoun", "everyday", "en", fork.RoleBody, "You will not be billed, and we will not ask twice.", "You won't be billed, and we won't ask twice."},
		{"everyday keeps a final long form", "everyday", "en", fork.RoleBody, "That is what it is.", "That's what it is."},
		{"plain words", "plain", "en", fork.RoleBody, "Utilize the form to obtain a plan.", "Use the form to get a plan."},
		// "information" is a common word, and the precise one where a
		// page says what it keeps about you: "details" weakened a
		// privacy line.
		{"plain keeps information", "plain", "en", fork.RoleBody, "Decide what information we keep.", "Decide what information we keep."},
		// An order and "and" state a condition and what it gives.
		{"plain keeps an order's condition", "plain", "en", fork.RoleBody,
			"Spring offer: join before 30 April 2027 and your first crate includes our printed field guide to wild herbs (normally £12).",
			"Spring offer: join before 30 April 2027 and your first crate includes our printed field guide to wild herbs (normally £12)."},
		{"plain splits at a conjunction", "plain", "en", fork.RoleBody,
			"Our team answers every message within one working day, and we also publish a full guide for new customers who want to start alone.",
			"Our team answers every message within one working day. We also publish a full guide for new customers who want to start alone."},
		{"plain splits at but", "plain", "en", fork.RoleBody,
			"The export runs every night for all of your projects at once, but you can also start it by hand from the settings page.",
			"The export runs every night for all of your projects at once. But you can also start it by hand from the settings page."},
		{"plain leaves short sentences", "plain", "en", fork.RoleBody, "Short and clear, as it is.", "Short and clear, as it is."},
		{"plain does not split titles", "plain", "en", fork.RoleTitle,
			"Our team answers every message within one working day, and we also publish a full guide for new customers.",
			"Our team answers every message within one working day, and we also publish a full guide for new customers."},
		{"spanish exclamations", "professional", "es", fork.RoleBody, "¡Empieza hoy mismo!", "Empieza hoy mismo."},
		{"quoted label is no title", "professional", "en", fork.RoleFAQQuestion, `What's "3 / 10 / Unlimited Team Members"?`, `What is "3 / 10 / Unlimited Team Members"?`},
		{"german hype", "technical", "de", fork.RoleBody, "Eine unglaubliche Auswahl.", "Eine Auswahl."},
		{"german split", "plain", "de", fork.RoleBody,
			"Wir rösten jeden Dienstag in kleinen Mengen für dich, und wir schicken dir die Bohnen direkt nach Hause.",
			"Wir rösten jeden Dienstag in kleinen Mengen für dich. Wir schicken dir die Bohnen direkt nach Hause."},
		{"plain keeps a coordination of adjectives", "plain", "en", fork.RoleBody,
			"Our framework is the best choice for building highly interactive, rich client-side web applications for every team.",
			"Our framework is the best choice for building highly interactive, rich client-side web applications for every team."},
		{"plain keeps a coordination of nouns", "plain", "en", fork.RoleBody,
			"The chat tool we built over the years is ideal for both live and asynchronous conversations with customers.",
			"The chat tool we built over the years is ideal for both live and asynchronous conversations with customers."},
		{"plain never splits inside a parenthesis", "plain", "en", fork.RoleBody,
			"(If you cannot see the payment button on this page, disable your ad blocker for a moment and reload the page.)",
			"(If you cannot see the payment button on this page, disable your ad blocker for a moment and reload the page.)"},
		{"plain never splits inside a quotation", "plain", "en", fork.RoleBody,
			"One reader wrote \"the book explains every idea slowly, and it never once lost me along the way\" in her review.",
			"One reader wrote \"the book explains every idea slowly, and it never once lost me along the way\" in her review."},
		{"plain never leaves a subordinate clause alone", "plain", "en", fork.RoleBody,
			"Whatever you have tried before and wherever you start from today, our coaches will build a plan with you - week by week and step by step.",
			"Whatever you have tried before and wherever you start from today, our coaches will build a plan with you - week by week and step by step."},
		{"plain never splits after a comma splice", "plain", "en", fork.RoleBody,
			"Pages can use the whole template language, repeated markup is moved into partials, and the data is read straight from the store.",
			"Pages can use the whole template language, repeated markup is moved into partials, and the data is read straight from the store."},
		{"everyday keeps a stressed verb", "everyday", "en", fork.RoleBody, "Start where you are in your career.", "Start where you are in your career."},
		{"everyday contracts after when", "everyday", "en", fork.RoleBody, "Call us when you are in town.", "Call us when you're in town."},
		{"plain swap keeps its article right", "plain", "en", fork.RoleBody, "You get an additional month.", "You get an extra month."},
		{"plain swap fixes its article", "plain", "en", fork.RoleBody, "It takes an initial call.", "It takes a first call."},
		{"plain swap never repeats a word", "plain", "en", fork.RoleBody, "If you need any assistance, we can help.", "If you need any assistance, we can help."},
		{"plain never splits after a participle phrase", "plain", "en", fork.RoleBody,
			"Developed by scientists trained in Boston, the formula holds every promise we make on the label.",
			"Developed by scientists trained in Boston, the formula holds every promise we make on the label."},
		{"plain keeps an object which", "plain", "en", fork.RoleBody,
			"Our course rebuilds the quiet confidence you had as a child, which you can use again at work from the very first week.",
			"Our course rebuilds the quiet confidence you had as a child, which you can use again at work from the very first week."},
		{"plain never cuts an open that clause", "plain", "en", fork.RoleBody,
			"The good news is that by working with the seasons and planting at the right time, you can grow twice as much in the same bed.",
			"The good news is that by working with the seasons and planting at the right time, you can grow twice as much in the same bed."},
		{"plain keeps perform", "plain", "en", fork.RoleBody, "Perform live with the pads.", "Perform live with the pads."},
		{"plain keeps a title-case heading", "plain", "en", fork.RoleHeadline, "Frequently Asked Questions", "Frequently Asked Questions"},
		{"plain keeps the set phrase in sentence case", "plain", "en", fork.RoleSubheadline, "Frequently asked questions", "Frequently asked questions"},
		{"plain still swaps the word elsewhere", "plain", "en", fork.RoleBody, "We frequently ship updates to the app.", "We often ship updates to the app."},
		{"professional writes out a subheadline of sentences", "professional", "en", fork.RoleSubheadline,
			"Your team stops ticking boxes and starts giving advice. We're audited every year.",
			"Your team stops ticking boxes and starts giving advice. We are audited every year."},
		{"professional keeps a short heading sentence's", "professional", "en", fork.RoleSubheadline, "You're in good company.", "You're in good company."},
		{"plain keeps a button label", "plain", "en", fork.RoleCTA, "Create organization", "Create organization"},
		{"plain keeps quoted words", "plain", "en", fork.RoleBody, "Press \"Utilize template\" to obtain a plan.", "Press \"Utilize template\" to get a plan."},
		{"plain keeps a name inside a sentence", "plain", "en", fork.RoleBody, "Ask the Purchase Desk to obtain a plan.", "Ask the Purchase Desk to get a plan."},
		{"professional title keeps its capitals", "professional", "en", fork.RoleFAQQuestion, "Why Pay for Ones You Don't Use?", "Why Pay for Ones You Do Not Use?"},
		{"professional heading keeps its contraction", "professional", "en", fork.RoleSubheadline, "What's Included in Your Ticket", "What's Included in Your Ticket"},
		{"professional keeps an invitation", "professional", "en", fork.RoleBody, "Let's get started: it's quick.", "Let's get started: it is quick."},
		{"plain never leaves a because-fragment", "plain", "en", fork.RoleBody,
			"Like the first one, you can read this book online for free too, because we want every student to have it.",
			"Like the first one, you can read this book online for free too, because we want every student to have it."},
		{"professional title loses its mark only", "technical", "en", fork.RoleTitle, "Pricing - It's Free! - Pingly", "Pricing - It's Free - Pingly"},
		{"professional keeps a quoted option", "professional", "en", fork.RoleBody, "Choose “Don’t list my name” at checkout, and we won’t.", "Choose “Don’t list my name” at checkout, and we will not."},
		{"professional button keeps its label", "professional", "en", fork.RoleCTA, "Start Reading!", "Start Reading!"},
		{"technical button keeps its label", "technical", "en", fork.RoleCTA, "Get the amazing deal now!", "Get the amazing deal now!"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := p.applyLayer(tt.layer, tt.lang, fork.Brief{Block: fork.Block{Role: tt.role, Text: tt.in}}, tt.in, nil)
			if got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestLabelTable keeps every complete label in the table naming the action
// it stands for, so a relabelled button never asks for another action.
func TestLabelTable(t *testing.T) {
	for lang, actions := range ctaLabels {
		for action, byProfile := range actions {
			for profile, label := range byProfile {
				if _, err := fork.LookupProfile(profile); err != nil {
					t.Errorf("%s/%s: %v", lang, action, err)
				}
				if got := extract.CTAAction(label); got != action {
					t.Errorf("%s/%s/%s: label %q names action %q", lang, action, profile, label, got)
				}
			}
		}
	}
}

func TestStruckOut(t *testing.T) {
	price := fork.Fact{Kind: "price", Text: "$49"}
	tests := []struct {
		name string
		b    fork.Brief
		want bool
	}{
		{"was before the price", fork.Brief{Block: fork.Block{Text: "Was $49, now $29", Path: "/html[1]/body[1]/p[1]"}}, true},
		{"inside del", fork.Brief{Block: fork.Block{Text: "$49", Path: "/html[1]/body[1]/p[1]/del[1]"}}, true},
		{"the price itself", fork.Brief{Block: fork.Block{Text: "Only $49 a year", Path: "/html[1]/body[1]/p[1]"}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := struckOut(tt.b, price); got != tt.want {
				t.Errorf("got %v; want %v", got, tt.want)
			}
		})
	}
}

// TestRemoveExclamations: an exclamation mark becomes a full stop, with the
// space French typography sets before it gone too.
func TestRemoveExclamations(t *testing.T) {
	for _, tc := range []struct {
		in    string
		label bool
		want  string
	}{
		{"Oui ! L'abonnement annuel coûte 39,99€/an.", false, "Oui. L'abonnement annuel coûte 39,99€/an."},
		{"Essayez\u202f! C'est gratuit\u00a0!", false, "Essayez. C'est gratuit."},
		{"Commencer !", true, "Commencer"},
		{"Really?! Yes!!", false, "Really? Yes."},
		{"¡Empieza hoy!", false, "Empieza hoy."},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if got, _ := removeExclamations(tc.in, tc.label); got != tc.want {
				t.Errorf("removeExclamations(%q) = %q; want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestOneLineHeadline: a heading of a few words loses its "!" without a
// stop; a subheadline that is a paragraph's sentence, or two sentences,
// keeps its stops.
func TestOneLineHeadline(t *testing.T) {
	for _, tc := range []struct {
		role      fork.Role
		tag, text string
		want      bool
	}{
		{fork.RoleHeadline, "h1", "¡Planifica tu semana!", true},
		{fork.RoleHeadline, "h1", "Stop guessing! Start planning!", false},
		{fork.RoleSubheadline, "h3", "LIFETIME Membership!", true},
		{fork.RoleSubheadline, "h2", "Get Your Membership To Our College Today!", true},
		{fork.RoleSubheadline, "p", "Tidewell sorts your tasks before you wake up!", false}, // a paragraph's sentence
		{fork.RoleSubheadline, "h2", "So I am going to make you a special offer that is only available right here, right now!", false},
		{fork.RoleSubheadline, "h2", "Ready? Go!", false},
		{fork.RoleBody, "p", "Hurry, seats are limited!", false},
	} {
		t.Run(tc.text, func(t *testing.T) {
			if got := oneLineHeadline(fork.Brief{Block: fork.Block{Role: tc.role, Tag: tc.tag, Text: tc.text}}); got != tc.want {
				t.Errorf("oneLineHeadline(%s <%s> %q) = %v; want %v", tc.role, tc.tag, tc.text, got, tc.want)
			}
		})
	}
}

// TestRemoveEmoticons: a face standing as a word goes, with the space
// before it; one whose ")" closes a bracket leaves the ")"; one that ended
// a sentence leaves a full stop; a colon in a time or a label is no face.
func TestRemoveEmoticons(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		n        int
	}{
		{"For very small teams (those without coffee machines :-) or if you are between jobs.", "For very small teams (those without coffee machines) or if you are between jobs.", 1},
		{"Do not be surprised … :D", "Do not be surprised …", 1},
		{"We hope so ;) See you there :)", "We hope so. See you there.", 2},
		{"Great news :) we ship today.", "Great news we ship today.", 1},
		{"Doors open at 9:30, talks: ten.", "Doors open at 9:30, talks: ten.", 0},
		{"Price: $9 (monthly)", "Price: $9 (monthly)", 0},
		{"Import files from Adobe XD and Figma.", "Import files from Adobe XD and Figma.", 0},
	} {
		got, n := removeEmoticons(tc.in)
		if got != tc.want || n != tc.n {
			t.Errorf("removeEmoticons(%q) = %q, %d; want %q, %d", tc.in, got, n, tc.want, tc.n)
		}
	}
}

// TestPlainWordsReadRight: the plain layer's swaps keep the sentence
// grammatical where the word stands; words whose swap reads wrong in some
// places are not swapped at all.
func TestPlainWordsReadRight(t *testing.T) {
	p := testProvider()
	for _, tc := range []struct{ in, want string }{
		{"Insights that were previously unavailable.", "Insights that were previously unavailable."},
		{"It is therefore safe to upgrade.", "It is therefore safe to upgrade."},
		{"We don't currently deliver to Alaska.", "We don't currently deliver to Alaska."},
		{"We maintain the library and its components.", "We maintain the library and its components."},
		{"The functionality is included.", "The functionality is included."},
		{"In addition to the app, you get the templates.", "Besides the app, you get the templates."},
		{"In addition, you get the templates.", "Also, you get the templates."},
		{"In the event of a fault, we replace it.", "In case of a fault, we replace it."},
		{"Utilize the numerous templates.", "Use the many templates."},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, _ := p.plain.apply(tc.in)
			if got != tc.want {
				t.Errorf("got %q; want %q", got, tc.want)
			}
		})
	}
}

// TestSplitSentencesAbbreviations: a title's or an inline abbreviation's
// period ends no sentence. "Dr. Maroon's eBook" had been cut into two
// lines, the second of which ("Maroon's … eBook - all shipped free.")
// was what a bargain hunter's fork weighed.
func TestSplitSentencesAbbreviations(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"You get two jars, plus Dr. Lee's guide - all shipped free.", []string{"You get two jars, plus Dr. Lee's guide - all shipped free."}},
		{"Ask Mrs. Patel at the desk. She knows.", []string{"Ask Mrs. Patel at the desk.", "She knows."}},
		{"Pay by card, e.g. Visa or Mastercard.", []string{"Pay by card, e.g. Visa or Mastercard."}},
		{"Plans start at $5. Sign up today.", []string{"Plans start at $5.", "Sign up today."}},
		{"It works. Try it! Why wait? 3 plans.", []string{"It works.", "Try it!", "Why wait?", "3 plans."}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, splitSentences(tc.text)); diff != "" {
				t.Errorf("splitSentences (-want +got):\n%s", diff)
			}
		})
	}
}
