package offer

// The keys of guarantee and legal phrases: how strongly a phrase marks its
// line.
const (
	// KeyGuarantee marks a guarantee line of any length ("money-back",
	// "satisfait ou remboursé").
	KeyGuarantee = "guarantee"
	// KeyGuaranteeWord marks a guarantee only in a short line, a badge
	// such as "30-day guarantee"; in running copy it is one word among
	// many. The ledger keeps the sentence that holds it all the same.
	KeyGuaranteeWord = "guarantee-word"
	// KeyLegal marks a legal, tax or disclaimer line wherever it stands
	// ("terms and conditions", "tax-deductible", "results may vary").
	KeyLegal = "legal"
	// KeyRights marks a rights notice ("all rights reserved"): a legal
	// line, and the copyright line of a page's footer.
	KeyRights = "rights"
	// KeyLegalMark is a legal mark or abbreviation ("©", "VAT", "GmbH",
	// "privacy policy"): the ledger keeps the sentence that holds it, and
	// extraction reads a line with it as fine print only in a small-print
	// context (<small>, the footer, tiny type).
	KeyLegalMark = "legal-mark"
	// KeyCondition marks a condition or exclusion ("subject to", "terms
	// apply", "not included"): fine print in a small-print context. The
	// ledger does not lock these sentences verbatim; the claims it finds
	// in them are locked instead.
	KeyCondition = "condition"
)

// GuaranteePhrases returns the phrases that mark a guarantee, keyed
// KeyGuarantee or KeyGuaranteeWord. Loose forms are stems that match inside
// words ("refund" in "refunds", "garantie" in "Zufriedenheitsgarantie").
func GuaranteePhrases() []Form {
	g, w := KeyGuarantee, KeyGuaranteeWord
	return []Form{
		// English
		{Text: "money back", Key: g, Loose: true},
		{Text: "money-back", Key: g, Loose: true},
		{Text: "moneyback", Key: g, Loose: true},
		{Text: "full refund", Key: g},
		{Text: "risk-free", Key: g, Loose: true},
		{Text: "risk free", Key: g, Loose: true},
		{Text: "satisfaction guarantee", Key: g},
		{Text: "happiness guarantee", Key: g},
		{Text: "no questions asked", Key: g},
		{Text: "refund", Key: w, Loose: true},
		{Text: "Guarantee", Key: w, Exact: true, Loose: true},
		{Text: "guaranteed", Key: w, Loose: true},
		{Text: "our guarantee", Key: w},
		{Text: "a guarantee", Key: w},
		{Text: "the guarantee", Key: w},
		{Text: "day guarantee", Key: w},
		{Text: "year guarantee", Key: w},
		{Text: "lifetime guarantee", Key: w},
		{Text: "price guarantee", Key: w},
		// French
		{Text: "satisfait ou rembours", Key: g, Loose: true},
		{Text: "satisfaite ou rembours", Key: g, Loose: true},
		{Text: "satisfaits ou rembours", Key: g, Loose: true},
		{Text: "on te rembourse", Key: g},
		{Text: "nous vous remboursons", Key: g},
		{Text: "sans risque", Key: g},
		{Text: "rembours", Key: w, Loose: true},
		{Text: "remboursé", Key: w},
		{Text: "garantie", Key: w, Loose: true},
		// German
		{Text: "Geld-zurück", Key: g, Loose: true},
		{Text: "Geld zurück", Key: g, Loose: true},
		{Text: "zufriedenheitsgarantie", Key: g, Loose: true},
		{Text: "risikofrei", Key: g, Loose: true},
		{Text: "ohne Risiko", Key: g},
		{Text: "erstattung", Key: w, Loose: true},
		{Text: "rückerstattung", Key: w},
		// Spanish and Portuguese
		{Text: "garantía de devolución", Key: g},
		{Text: "garantía de satisfacción", Key: g},
		{Text: "devolución del dinero", Key: g},
		{Text: "devolución de tu dinero", Key: g},
		{Text: "devolvemos tu dinero", Key: g},
		{Text: "te devolvemos", Key: g},
		{Text: "sin riesgo", Key: g},
		{Text: "garantia de satisfação", Key: g},
		{Text: "garantia incondicional", Key: g},
		{Text: "devolução do dinheiro", Key: g},
		{Text: "dinheiro de volta", Key: g},
		{Text: "devolvemos seu dinheiro", Key: g},
		{Text: "devolvemos o seu dinheiro", Key: g},
		{Text: "sem risco", Key: g},
		{Text: "garantía", Key: w, Loose: true},
		{Text: "garantia", Key: w, Loose: true},
		{Text: "reembols", Key: w, Loose: true},
		{Text: "reembolso", Key: w},
		// Italian
		{Text: "soddisfatti o rimborsati", Key: g},
		{Text: "rimbors", Key: w, Loose: true},
		{Text: "garanzia", Key: w, Loose: true},
	}
}

// LegalPhrases returns the phrases that mark legal, tax and conditional
// lines, keyed KeyLegal, KeyRights, KeyLegalMark or KeyCondition.
func LegalPhrases() []Form {
	l, r, m, c := KeyLegal, KeyRights, KeyLegalMark, KeyCondition
	return []Form{
		// Rights and marks
		{Text: "©", Key: m, Loose: true},
		{Text: "℗", Key: m, Loose: true},
		{Text: "™", Key: m, Loose: true},
		{Text: "®", Key: m, Loose: true},
		{Text: "(TM)", Key: m, Exact: true, Loose: true},
		{Text: "Copyright", Key: m, Exact: true},
		{Text: "trademark", Key: m, Loose: true},
		{Text: "marque déposée", Key: m},
		{Text: "marca registrada", Key: m},
		{Text: "eingetragene Marke", Key: m},
		{Text: "all rights reserved", Key: r},
		{Text: "tous droits réservés", Key: r},
		{Text: "alle Rechte vorbehalten", Key: r},
		{Text: "todos los derechos reservados", Key: r},
		{Text: "todos os direitos reservados", Key: r},
		{Text: "tutti i diritti riservati", Key: r},
		// Tax
		{Text: "tax-deductible", Key: l},
		{Text: "tax deductible", Key: l},
		{Text: "steuerlich absetzbar", Key: l},
		{Text: "déductible", Key: l, Loose: true},
		{Text: "deducible", Key: l, Loose: true},
		{Text: "dedutível", Key: l, Loose: true},
		{Text: "501(c)", Key: l, Loose: true},
		{Text: "excl. vat", Key: l},
		{Text: "incl. vat", Key: l},
		{Text: "plus vat", Key: l},
		{Text: "excluding vat", Key: l},
		{Text: "including vat", Key: l},
		{Text: "vat included", Key: l},
		{Text: "zzgl. MwSt", Key: l},
		{Text: "inkl. MwSt", Key: l},
		{Text: "iva incluido", Key: l},
		{Text: "iva incluida", Key: l},
		{Text: "más iva", Key: l},
		{Text: "hors taxes", Key: l},
		{Text: "toutes taxes comprises", Key: l},
		{Text: "impostos inclusos", Key: l},
		{Text: "não inclui impostos", Key: l},
		{Text: "sales tax", Key: m},
		{Text: "VAT", Key: m, Exact: true},
		{Text: "TVA", Key: m, Exact: true},
		{Text: "MwSt", Key: m, Exact: true},
		{Text: "MWST", Key: m, Exact: true},
		{Text: "USt", Key: m, Exact: true},
		{Text: "IVA", Key: m, Exact: true},
		{Text: "HT", Key: m, Exact: true},
		{Text: "TTC", Key: m, Exact: true},
		{Text: "zzgl.", Key: m, Exact: true},
		{Text: "zuzüglich", Key: m},
		{Text: "impostos", Key: m},
		// Terms and policies
		{Text: "terms and conditions", Key: l},
		{Text: "terms & conditions", Key: l},
		{Text: "terms of service", Key: l},
		{Text: "terms of use", Key: l},
		{Text: "allgemeine Geschäftsbedingungen", Key: l},
		{Text: "conditions générales", Key: l},
		{Text: "mentions légales", Key: l},
		{Text: "términos y condiciones", Key: l},
		{Text: "termos de uso", Key: l},
		{Text: "termos e condições", Key: l},
		{Text: "Terms", Key: m, Exact: true},
		{Text: "T&C", Key: m, Exact: true},
		{Text: "T&Cs", Key: m, Exact: true},
		{Text: "privacy policy", Key: m},
		{Text: "politique de confidentialité", Key: m},
		{Text: "Datenschutz", Key: m, Loose: true},
		{Text: "política de privacidad", Key: m},
		{Text: "política de privacidade", Key: m},
		{Text: "Impressum", Key: m},
		{Text: "disclaimer", Key: m},
		{Text: "AGB", Key: m, Exact: true},
		{Text: "CGV", Key: m, Exact: true},
		{Text: "CGU", Key: m, Exact: true},
		// Compliance and companies
		{Text: "PCI DSS", Key: m, Exact: true},
		{Text: "PCI-DSS", Key: m, Exact: true},
		{Text: "PCI", Key: m, Exact: true},
		{Text: "GDPR", Key: m, Exact: true},
		{Text: "RGPD", Key: m, Exact: true},
		{Text: "DSGVO", Key: m, Exact: true},
		{Text: "LGPD", Key: m, Exact: true},
		{Text: "Food and Drug Administration", Key: m},
		{Text: "FDA", Key: m, Exact: true},
		{Text: "not been evaluated", Key: l},
		{Text: "not intended to diagnose", Key: l},
		{Text: "permitted by law", Key: l},
		{Text: "results may vary", Key: l},
		{Text: "while supplies last", Key: l},
		{Text: "SIRET", Key: m, Exact: true},
		{Text: "CNPJ", Key: m, Exact: true},
		{Text: "GmbH", Key: m, Exact: true},
		{Text: "LLC", Key: m, Exact: true},
		{Text: "Ltd", Key: m, Exact: true},
		{Text: "Ltda", Key: m, Exact: true},
		{Text: "SARL", Key: m, Exact: true},
		// Conditions and exclusions
		{Text: "subject to", Key: c},
		{Text: "may vary", Key: c},
		{Text: "offer valid", Key: c},
		{Text: "terms apply", Key: c},
		{Text: "conditions apply", Key: c},
		{Text: "prices are a guide", Key: c},
		{Text: "not included", Key: c},
		{Text: "excludes", Key: c},
		{Text: "excluding", Key: c},
		{Text: "sujeto a", Key: c},
		{Text: "aplican condiciones", Key: c},
		{Text: "no incluye", Key: c},
		{Text: "no incluido", Key: c},
		{Text: "no incluidos", Key: c},
		{Text: "no incluida", Key: c},
		{Text: "no incluidas", Key: c},
		{Text: "privacidad", Key: c},
		{Text: "sous réserve", Key: c},
		{Text: "voir conditions", Key: c},
		{Text: "non inclus", Key: c},
		{Text: "non compris", Key: c},
		{Text: "confidentialité", Key: c},
		{Text: "sujeito a", Key: c},
		{Text: "não incluso", Key: c},
		{Text: "não incluído", Key: c},
		{Text: "não incluídos", Key: c},
		{Text: "não incluída", Key: c},
		{Text: "não incluídas", Key: c},
		{Text: "privacidade", Key: c},
		{Text: "vorbehaltlich", Key: c},
		{Text: "es gelten", Key: c},
		{Text: "ohne Gewähr", Key: c},
		{Text: "nicht enthalten", Key: c},
		{Text: "nicht inbegriffen", Key: c},
		{Text: "condizioni", Key: c},
		{Text: "non incluso", Key: c},
		{Text: "non inclusi", Key: c},
		{Text: "non inclusa", Key: c},
		{Text: "non incluse", Key: c},
		{Text: "voorwaarden", Key: c},
		{Text: "niet inbegrepen", Key: c},
	}
}
