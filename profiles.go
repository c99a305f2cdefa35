package fork

import (
	"fmt"
	"strings"
)

// Profile is an audience a fork can speak to. Profiles are data: the
// analysis reads Signals to guess whom a page was written for, and the
// planner and providers read the rest.
type Profile struct {
	// Name is the identifier used in requests ("bargain-hunter").
	Name string `json:"name"`
	// Title is the human name for listings.
	Title string `json:"title"`
	// Description is one line on who this audience is.
	Description string `json:"description"`
	// Signals are words and phrases (lower case, English, German, French,
	// Spanish and Portuguese) whose presence suggests copy written for this
	// audience.
	Signals []string `json:"-"`
}

// DefaultProfile is the profile a request gets when it names none.
const DefaultProfile = "enthusiast"

// Profiles returns the catalog in a fixed order, default first. It returns
// a fresh slice each call, so a caller cannot change the catalog.
func Profiles() []Profile {
	return []Profile{
		{Name: "enthusiast", Title: "Enthusiast", Description: "Already loves the category and wants to hear what makes this one exciting.",
			Signals: []string{"love", "amazing", "awesome", "favorite", "favourite", "passion", "fun", "enjoy", "exciting", "adore", "génial", "passionn", "toll", "genial", "incrível", "increíble"}},
		{Name: "skeptic", Title: "Skeptic", Description: "Doubts marketing claims and wants proof, specifics and a way out.",
			Signals: []string{"proof", "proven", "evidence", "study", "studies", "independent", "no hidden", "honest", "transparent", "no strings", "sin letra chica", "sans engagement", "cancel anytime", "money back", "guarantee", "garantie", "garantía", "garantia"}},
		{Name: "bargain-hunter", Title: "Bargain hunter", Description: "Compares prices and acts on savings, discounts and free extras.",
			Signals: []string{"free", "save", "discount", "% off", "deal", "offer", "cheap", "lowest", "bonus", "gratuit", "gratis", "kostenlos", "desconto", "descuento", "rabatt", "promo", "buy one", "get one"}},
		{Name: "busy-professional", Title: "Busy professional", Description: "Short on time; wants the point, the time saved and the next step.",
			Signals: []string{"minutes", "quick", "fast", "save time", "in seconds", "simple", "easy", "automat", "schnell", "rapide", "rápido", "no setup", "instantly", "one click"}},
		{Name: "executive", Title: "Executive", Description: "Decides on outcomes: return, risk, scale and what peers use.",
			Signals: []string{"roi", "revenue", "growth", "enterprise", "teams", "scale", "strategic", "compliance", "security", "business", "gestão", "gestión", "entreprise", "unternehmen", "leaders", "companies"}},
		{Name: "expert", Title: "Expert", Description: "Knows the field; wants specifications, trade-offs and precise terms.",
			Signals: []string{"api", "spec", "configur", "open source", "framework", "architecture", "performance", "protocol", "integration", "documentation", "compiler", "database", "cron", "http"}},
		{Name: "beginner", Title: "Beginner", Description: "New to the category; needs plain words, reassurance and a first step.",
			Signals: []string{"beginner", "step by step", "learn", "guide", "start", "no experience", "easy", "getting started", "débutant", "anfänger", "principiante", "iniciante", "handbook", "introduction"}},
		{Name: "cautious", Title: "Cautious buyer", Description: "Afraid of a wrong choice; wants safety, support and guarantees.",
			Signals: []string{"safe", "secure", "privacy", "risk-free", "support", "guarantee", "refund", "trusted", "no ads", "no spying", "sécurisé", "sicher", "seguro", "reembolso", "remboursé"}},
		{Name: "status-seeker", Title: "Status seeker", Description: "Buys to stand out; wants exclusivity, prestige and belonging to the best.",
			Signals: []string{"exclusive", "premium", "vip", "luxury", "elite", "limited", "best", "award", "prestig", "exklusiv", "exclusif", "exclusivo", "members", "circle"}},
		{Name: "eco-conscious", Title: "Eco-conscious", Description: "Weighs the impact on people and planet; wants honest sustainability.",
			Signals: []string{"natural", "organic", "sustainab", "eco", "green", "recycl", "planet", "ethical", "vegan", "additive-free", "chemical", "durable", "nachhaltig", "bio", "natürlich", "naturel"}},
		{Name: "parent", Title: "Parent", Description: "Decides for a family; wants safety, time with the kids and value.",
			Signals: []string{"family", "kids", "children", "child", "parents", "baby", "school", "famille", "enfants", "familie", "kinder", "familia", "niños", "filhos", "família"}},
		{Name: "early-adopter", Title: "Early adopter", Description: "Wants the newest thing first and likes being part of a launch.",
			Signals: []string{"new", "first", "launch", "beta", "early", "preview", "innovative", "cutting-edge", "ai", "nouveau", "neu", "nuevo", "novo", "lancement", "lançamento", "lanzamiento"}},
	}
}

// LookupProfile returns the profile with the given name, compared without
// regard to case and surrounding space.
func LookupProfile(name string) (Profile, error) {
	key := strings.ToLower(strings.TrimSpace(name))
	for _, p := range Profiles() {
		if p.Name == key {
			return p, nil
		}
	}
	return Profile{}, fmt.Errorf("%w: unknown profile %q; choose one of %s", ErrInvalidInput, name, strings.Join(ProfileNames(), ", "))
}

// ProfileNames lists the profile names in catalog order.
func ProfileNames() []string {
	ps := Profiles()
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	return names
}
