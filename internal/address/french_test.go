package address

import "testing"

func TestFrench(t *testing.T) {
	r, ok := For("fr")
	if !ok {
		t.Fatal("no French rewriter")
	}
	checkRewrites(t, r, []rewriteCase{
		{"orders", "Commence gratuitement, passe Pro quand tu veux.", "Commencez gratuitement, passez Pro quand vous voulez."},
		{"an order after an opening phrase", "Chaque mois, reçois un café moulu comme tu l'aimes. Chaque mois, la boîte arrive chez toi.", "Chaque mois, recevez un café moulu comme vous l'aimez. Chaque mois, la boîte arrive chez vous."},
		{"an order a noun shares, before chaque", "Note chaque café dans ton espace.", "Notez chaque café dans votre espace."},
		{"the writers asking, not an order", "Qui sommes-nous ? Pouvons-nous t'aider ?", "Qui sommes-nous ? Pouvons-nous vous aider ?"},
		{"an order after a condition's comma", "Si tu veux nous rencontrer, passe nous voir le samedi.", "Si vous voulez nous rencontrer, passez nous voir le samedi."},
		{"an order after et and before à", "Reçois ton bilan et continue à progresser.", "Recevez votre bilan et continuez à progresser."},
		{"an irregular order in a row of orders", "Mets ton casque et repars avec tes photos.", "Mettez votre casque et repartez avec vos photos."},
		{"negation and object", "Si tu n'es pas convaincu, on te rembourse intégralement.", "Si vous n'êtes pas convaincu, on vous rembourse intégralement."},
		{"possessives", "Tu peux annuler ton abonnement depuis ta page et garder tes factures.", "Vous pouvez annuler votre abonnement depuis votre page et garder vos factures."},
		{"-er verbs", "Tu gardes l'accès et tu économises 20 %.", "Vous gardez l'accès et vous économisez 20 %."},
		{"accent", "Tu accèdes à tout et tu achètes une fois.", "Vous accédez à tout et vous achetez une fois."},
		{"second group", "À la fin, tu choisis ton plan.", "À la fin, vous choisissez votre plan."},
		{"elided pronoun", "On t'offre le premier mois.", "On vous offre le premier mois."},
		{"inversion", "Peux-tu annuler ? As-tu des questions ?", "Pouvez-vous annuler ? Avez-vous des questions ?"},
		{"reflexive", "Tu te connectes en un clic.", "Vous vous connectez en un clic."},
		{"pronoun after an order", "Inscris-toi et contacte-nous.", "Inscrivez-vous et contactez-nous."},
		{"an unlisted order with a pronoun", "Crée ton devis, puis transforme-le en facture.", "Créez votre devis, puis transformez-le en facture."},
		{"a negated order", "Ne t'inquiète pas : nous l'avons déjà vécu.", "Ne vous inquiétez pas : nous l'avons déjà vécu."},
		{"an unlisted order in a row", "Connecte-toi à ton espace et déplace ta balade.", "Connectez-vous à votre espace et déplacez votre balade."},
		{"a statement after te stays", "On te rembourse et on te rappelle.", "On vous rembourse et on vous rappelle."},
		{"a concessive que", "Que tu aimes les jeux ou les enquêtes, tu trouveras ta table.", "Que vous aimiez les jeux ou les enquêtes, vous trouverez votre table."},
		{"unlisted orders before the reader's thing", "Récupère ton vélo et emporte ton maillot. Ne laisse pas passer ta chance.", "Récupérez votre vélo et emportez votre maillot. Ne laissez pas passer votre chance."},
		{"a listed order at the head", "Pédale six jours sur la Loire.", "Pédalez six jours sur la Loire."},
		{"irregular", "Tu reçois un e-mail, tu prends ton temps et tu obtiens une réponse.", "Vous recevez un e-mail, vous prenez votre temps et vous obtenez une réponse."},
		{"y verbs", "Tu paies par carte ou tu essaies gratuitement.", "Vous payez par carte ou vous essayez gratuitement."},
		{"future", "Tu recevras ta box lundi.", "Vous recevrez votre box lundi."},
		{"subjunctive", "Nous gardons tout pour que tu commences vite.", "Nous gardons tout pour que vous commenciez vite."},

		// What stays.
		{"a noun at the head", "Offre de lancement pour les premiers abonnés.", "Offre de lancement pour les premiers abonnés."},
		{"formal already", "Vous pouvez annuler à tout moment. Dites-nous tout, faites-le vite, découvrez-le.", "Vous pouvez annuler à tout moment. Dites-nous tout, faites-le vite, découvrez-le."},
		{"quoted", `Léa écrit : « tu vas adorer » et ton équipe aussi.`, `Léa écrit : « tu vas adorer » et votre équipe aussi.`},
	})
	if w, _, ok := r.Blocker("Tu vaincs ta peur."); !ok || w != "vaincs" {
		t.Errorf("Blocker = %q, %v; want the verb it cannot read", w, ok)
	}
	if w, _, ok := r.Blocker("Tu gardes tout."); ok {
		t.Errorf("Blocker = %q on a verb it reads", w)
	}
}
