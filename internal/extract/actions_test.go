package extract

import "testing"

func TestCTAAction(t *testing.T) {
	tests := []struct{ label, want string }{
		{"Download NewPipe", "download"},
		{"Get it on F-Droid", "download"},
		{"Book a demo", "book"},
		{"Start your 14-day free trial", "trial"},
		{"Comenzar prueba gratuita de 14 días", "trial"},
		{"Jetzt kaufen", "buy"},
		{"Assinar Pro · 12x de R$ 29,90", "buy"},
		{"Sign up free", "signup"},
		{"Cadastrar Grátis", "signup"},
		{"Contactar a ventas", "contact"},
		{"Solicitar cotización", "quote"},
		{"Make a one-time donation", "donate"},
		{"Termin anfragen", "book"},
		{"Agende seu primeiro dia grátis", "book"},
		{"Read the guides", "learn"},
		{"Scarica la prova (7 giorni)", "download"},
		{"Acquista Pennino", "buy"},
		{"Aanvragen", ""},
		{"Yes! Give me instant access »", ""},
		{"Give me instant access and download now", "download"},
		{"Give me my free trial", "trial"},
		{"Give to the library fund", "donate"},
		{"Anfrage senden", "quote"},
		{"Send an enquiry", "quote"},
		{"Enquire about dates", "quote"},
		{"Termin jetzt anfragen", "book"},
		{"PhantomSnap, free", ""},
		{"Shopify themes", ""}, // "shop" inside a word is no action
	}
	for _, tt := range tests {
		t.Run(tt.label, func(t *testing.T) {
			if got := CTAAction(tt.label); got != tt.want {
				t.Errorf("CTAAction(%q) = %q; want %q", tt.label, got, tt.want)
			}
		})
	}
}
