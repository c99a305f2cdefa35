package address

import "testing"

func TestGerman(t *testing.T) {
	r, ok := For("de")
	if !ok {
		t.Fatal("no German rewriter")
	}
	checkRewrites(t, r, []rewriteCase{
		{"subject and verb", "Du bekommst jeden Montag eine Liste.", "Sie bekommen jeden Montag eine Liste."},
		{"a question", "Hast du Fragen? Dann schreib uns.", "Haben Sie Fragen? Dann schreiben Sie uns."},
		{"an order after an adverb", "Dann lass dir einfach ein Leihrad bringen, solange deins in der Werkstatt steht.", "Dann lassen Sie sich einfach ein Leihrad bringen, solange Ihres in der Werkstatt steht."},
		{"a word cut before its hyphen", "Hol- und Bringdienst für dein Boot", "Hol- und Bringdienst für Ihr Boot"},
		{"a statement after an adverb", "Dann buchst du den Kurs. Jetzt Termin wählen.", "Dann buchen Sie den Kurs. Jetzt Termin wählen."},
		{"verb last in a clause", "Wenn du nichts auswählst, stellen wir dir eine Auswahl zusammen.", "Wenn Sie nichts auswählen, stellen wir Ihnen eine Auswahl zusammen."},
		{"modal", "Im Profil kannst du Allergene ausschließen.", "Im Profil können Sie Allergene ausschließen."},
		{"reflexive", "Die Daten bleiben gespeichert, falls du dich später entscheidest.", "Die Daten bleiben gespeichert, falls Sie sich später entscheiden."},
		{"possessive", "Deine Lehrkräfte prüfen deinen Text in deinem Tempo.", "Ihre Lehrkräfte prüfen Ihren Text in Ihrem Tempo."},
		{"order", "Wähle deinen Tarif", "Wählen Sie Ihren Tarif"},
		{"order with a reflexive", "Hol dir den Rabatt und sichere dir deinen Platz.", "Holen Sie sich den Rabatt und sichern Sie sich Ihren Platz."},
		{"order after a comma", "Fehlt etwas, schreib uns innerhalb von 48 Stunden.", "Fehlt etwas, schreiben Sie uns innerhalb von 48 Stunden."},
		{"order of a changed vowel", "Gib deine PLZ ein, dann siehst du die Liefertage.", "Geben Sie Ihre PLZ ein, dann sehen Sie die Liefertage."},
		{"object, not subject", "Der Test zeigt dir dein Niveau. Was dich erwartet:", "Der Test zeigt Ihnen Ihr Niveau. Was Sie erwartet:"},
		{"stem in s", "Du nutzt die App, und das passt.", "Sie nutzen die App, und das passt."},
		{"saving", "Bei jährlicher Zahlung sparst du 20 %.", "Bei jährlicher Zahlung sparen Sie 20 %."},
		{"stem in t", "Du testest alles, egal welchen Tarif du später wählst.", "Sie testen alles, egal welchen Tarif Sie später wählen."},
		{"order after a colon", "Gruppe wählen: Such dir einen Termin aus.", "Gruppe wählen: Suchen Sie sich einen Termin aus."},
		{"second order after a bracket", "Ruf uns an (Mo–Fr, 9–17 Uhr) oder schreib an info@example.de.", "Rufen Sie uns an (Mo–Fr, 9–17 Uhr) oder schreiben Sie an info@example.de."},
		{"an order the table lacks", "Repariere dein Rad selbst.", "Reparieren Sie Ihr Rad selbst."},
		{"a verb in -ieren", "Du lernst, wie du die Schaltung justierst und spielst.", "Sie lernen, wie Sie die Schaltung justieren und spielen."},
		{"another subject after an order", "Schreib uns und wir buchen dich um.", "Schreiben Sie uns und wir buchen Sie um."},
		{"an unlisted order and its self", "Back dich durch den Winter und freu dich auf Freitag.", "Backen Sie sich durch den Winter und freuen Sie sich auf Freitag."},
		{"an unlisted order after und", "Melde dich an und gönn dir eine Pause.", "Melden Sie sich an und gönnen Sie sich eine Pause."},
		{"an unlisted order, by its self", "Stürz dich ins Abenteuer, schnapp dir deinen Platz.", "Stürzen Sie sich ins Abenteuer, schnappen Sie sich Ihren Platz."},
		{"a question with dir is no order", "Gefällt dir das? Interessiert dich das Angebot?", "Gefällt Ihnen das? Interessiert Sie das Angebot?"},
		{"a conjunction before dir", "Falls dir dein erster Monat nicht gefällt, erstatten wir dir den Beitrag.", "Falls Ihnen Ihr erster Monat nicht gefällt, erstatten wir Ihnen den Beitrag."},
		{"an irregular verb", "Du lernst, wie du richtig fällst.", "Sie lernen, wie Sie richtig fallen."},
		{"a reflexive infinitive with zu", "Hör auf, es dir vorzunehmen, und fang einfach an.", "Hören Sie auf, es sich vorzunehmen, und fangen Sie einfach an."},
		{"a relative before dich", "Ein Kurs, der dich aufs Wasser bringt, wenn der Wind nachlässt.", "Ein Kurs, der Sie aufs Wasser bringt, wenn der Wind nachlässt."},
		{"a verb of another subject", "Die Theorie lernst du abends, wenn der Wind nachlässt.", "Die Theorie lernen Sie abends, wenn der Wind nachlässt."},
		{"verbs after du's clause", "Die App zeigt dir, wie du zur Ruhe kommst, nachts seltener aufwachst und ausgeruht startest. Du rechnest nach.", "Die App zeigt Ihnen, wie Sie zur Ruhe kommen, nachts seltener aufwachen und ausgeruht starten. Sie rechnen nach."},
		{"a noun's order before an adverb", "Schlaf endlich wieder durch: wir begleiten dich.", "Schlafen Sie endlich wieder durch: wir begleiten Sie."},
		{"the noun stays", "Schlaf ist wichtig für dich.", "Schlaf ist wichtig für Sie."},
		{"thanks is no order", "Danke dir für dein Vertrauen.", "Danke Ihnen für Ihr Vertrauen."},
		{"a preposition before dich", "Für dich: Dank dir läuft es.", "Für Sie: Dank Ihnen läuft es."},
		{"be", "Sei dabei, wenn du Zeit hast.", "Seien Sie dabei, wenn Sie Zeit haben."},

		// The readers as a group: "Sie" is said to one and to many.
		{"a group's inverted verb", "Meldet ihr euch zu fünft an, bekommt jeder 20 % Rabatt.", "Melden Sie sich zu fünft an, bekommt jeder 20 % Rabatt."},
		{"a group's question and its dative", "Habt ihr Fragen? Wir helfen euch gern.", "Haben Sie Fragen? Wir helfen Ihnen gern."},
		{"a group's verb last", "Wenn ihr zu viert seid, zahlt ihr weniger.", "Wenn Sie zu viert sind, zahlen Sie weniger."},
		{"a group's verb after an article", "Wenn ihr einen Kurs bucht, spart ihr 10 %.", "Wenn Sie einen Kurs buchen, sparen Sie 10 %."},
		{"a group's order and possessive", "Bringt eure Kinder mit, für euch gibt es Kaffee.", "Bringen Sie Ihre Kinder mit, für Sie gibt es Kaffee."},
		{"a group's order after an adverb", "Ihr seid ein Team? Dann meldet euch gemeinsam an.", "Sie sind ein Team? Dann melden Sie sich gemeinsam an."},
		{"a group's verb after an adverb", "Meldet euch gemeinsam an, dann bekommt ihr alle 15 % Rabatt.", "Melden Sie sich gemeinsam an, dann bekommen Sie alle 15 % Rabatt."},
		{"an ordinal's full stop", "Wenn du bis zum 15. kündigst, endet dein Vertrag am 30. Juni.", "Wenn Sie bis zum 15. kündigen, endet Ihr Vertrag am 30. Juni."},
		{"a subject of its own after und", "Wir zeigen dir, wie du fällst und welche Routen zu dir passen.", "Wir zeigen Ihnen, wie Sie fallen und welche Routen zu Ihnen passen."},
		{"an adverb after the group", "Er weiß, woran ihr zuletzt gearbeitet habt.", "Er weiß, woran Sie zuletzt gearbeitet haben."},
		{"a second order the table holds", "Melde dich heute an und sitz schon nächste Woche am Steuer.", "Melden Sie sich heute an und sitzen Sie schon nächste Woche am Steuer."},
		{"a second order, separable", "Probier aus, welcher dir gefällt, und gieß so oft auf, wie du magst. Rechne mit zwei Stunden.", "Probieren Sie aus, welcher Ihnen gefällt, und gießen Sie so oft auf, wie Sie mögen. Rechnen Sie mit zwei Stunden."},
		{"a stem in -eier", "Du feierst mit uns, wenn du willst.", "Sie feiern mit uns, wenn Sie wollen."},
		{"a row of orders to the group", "Ladet eure Freunde ein, macht einen Sprung ins Becken und erholt euch danach.", "Laden Sie Ihre Freunde ein, machen Sie einen Sprung ins Becken und erholen Sie sich danach."},
		{"an order to the group with uns, and a dative after wir", "Ihr feiert? Schreibt uns, dann stellen wir euch ein Paket zusammen.", "Sie feiern? Schreiben Sie uns, dann stellen wir Ihnen ein Paket zusammen."},
		{"a verb of its own after the group's order", "Meldet euch an, kostet nichts.", "Melden Sie sich an, kostet nichts."},
		{"her, not the group", "Lisa und ihr neues Team backen für dich. Wir geben ihr eine Chance, mit ihr und mit euch.", "Lisa und ihr neues Team backen für Sie. Wir geben ihr eine Chance, mit ihr und mit Ihnen."},

		// What stays.
		{"a noun at the head", "Suche nach Kursen in deiner Stadt", "Suche nach Kursen in Ihrer Stadt"},
		{"not a verb", "Das ist fast so einfach, wie du denkst.", "Das ist fast so einfach, wie Sie denken."},
		{"participle", "Hast du das Problem gelöst?", "Haben Sie das Problem gelöst?"},
		{"formal already", "Wir melden uns bei Ihnen.", "Wir melden uns bei Ihnen."},
		{"quoted", `Lea sagt: „Du wirst es lieben“ und du stimmst zu.`, `Lea sagt: „Du wirst es lieben“ und Sie stimmen zu.`},
	})
	if w, _, ok := r.Blocker("Wir freuen uns auf euch."); !ok || w != "euch" {
		t.Errorf("Blocker = %q, %v; want the plural informal whose case nothing tells", w, ok)
	}
	if w, _, ok := r.Blocker("Habt ihr Fragen? Wir helfen euch gern."); ok {
		t.Errorf("Blocker = %q on a group line the rewrite writes formally", w)
	}
}
