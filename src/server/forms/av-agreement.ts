import { site } from '../../config/site.ts';
import { formatReceivedAt } from '../../lib/forms/dates.ts';
import type { MailAttachment } from '../mail/message.ts';

/**
 * The data-processing agreement of Art. 28 GDPR as a document: the items Art. 28 (3) requires,
 * with our company data and the requesting customer filled in. Sent as a self-contained HTML
 * file, which every mail program opens and every browser prints or saves as PDF.
 */

export interface AgreementSection {
  heading: string;
  paragraphs: string[];
}

const processor = `${site.name}, ${site.address.street}, ${site.address.postalCode} ${site.address.city}, vertreten durch den Geschäftsführer ${site.managingDirector}`;

export function agreementSections(customer: { customerId: number; postalCode: string }): AgreementSection[] {
  return [
    {
      heading: '1. Vertragsparteien',
      paragraphs: [
        `Verantwortlicher (Auftraggeber): der Kunde mit der Kundennummer ${customer.customerId}, Postleitzahl ${customer.postalCode}, wie in unseren Kundendaten hinterlegt.`,
        `Auftragsverarbeiter (Auftragnehmer): ${processor}.`,
      ],
    },
    {
      heading: '2. Gegenstand des Auftrags',
      paragraphs: [
        'Der Auftragnehmer betreibt für den Auftraggeber Webanwendungen (Webapp-Pakete, individuelle Anwendungen), hostet sie und leistet Support, Wartung und Fehlerbehebung. Dabei verarbeitet er personenbezogene Daten, für die der Auftraggeber Verantwortlicher im Sinne von Art. 4 Nr. 7 DSGVO ist.',
      ],
    },
    {
      heading: '3. Dauer des Auftrags',
      paragraphs: [
        'Diese Vereinbarung gilt, solange der Auftragnehmer aufgrund eines Vertrags mit dem Auftraggeber (Hauptvertrag) personenbezogene Daten für ihn verarbeitet. Sie endet mit dem letzten Hauptvertrag, ihre Pflichten zur Löschung, Rückgabe und Vertraulichkeit wirken fort.',
      ],
    },
    {
      heading: '4. Art und Zweck der Verarbeitung',
      paragraphs: [
        'Art: Erheben, Speichern, Ordnen, Anpassen, Auslesen, Abfragen, Übermitteln an die vom Auftraggeber bestimmten Empfänger, Sichern und Löschen im Rahmen des Betriebs der Anwendungen.',
        'Zweck: Bereitstellung, Hosting, Datensicherung, Support und Weiterentwicklung der Anwendungen des Auftraggebers nach dem Hauptvertrag.',
      ],
    },
    {
      heading: '5. Art der personenbezogenen Daten',
      paragraphs: [
        'Stammdaten (Name, Anschrift, Firma), Kontaktdaten (E-Mail-Adresse, Telefonnummer), Zugangsdaten (Benutzername, Passwort-Hashwerte), Vertrags- und Bestelldaten, Zeiterfassungs- und Abrechnungsdaten, Inhalte, die Nutzer in den Anwendungen speichern, sowie technische Protokolldaten (IP-Adressen, Zeitstempel). Besondere Kategorien nach Art. 9 DSGVO verarbeitet der Auftragnehmer nur, wenn der Auftraggeber dies schriftlich mitteilt und gesondert vereinbart.',
      ],
    },
    {
      heading: '6. Kategorien betroffener Personen',
      paragraphs: ['Beschäftigte, Kunden, Interessenten, Lieferanten und Geschäftspartner des Auftraggebers sowie sonstige Nutzer seiner Anwendungen.'],
    },
    {
      heading: '7. Weisungen des Auftraggebers',
      paragraphs: [
        'Der Auftragnehmer verarbeitet die Daten nur auf dokumentierte Weisung des Auftraggebers, auch in Bezug auf Übermittlungen in ein Drittland, es sei denn, er ist nach dem Recht der Union oder eines Mitgliedstaats dazu verpflichtet; in diesem Fall teilt er dem Auftraggeber diese Pflicht vorher mit (Art. 28 Abs. 3 lit. a DSGVO). Weisungen erteilt der Auftraggeber in Textform. Hält der Auftragnehmer eine Weisung für rechtswidrig, weist er den Auftraggeber unverzüglich darauf hin.',
      ],
    },
    {
      heading: '8. Vertraulichkeit',
      paragraphs: [
        'Der Auftragnehmer setzt nur Personen ein, die zur Vertraulichkeit verpflichtet wurden oder einer angemessenen gesetzlichen Verschwiegenheitspflicht unterliegen (Art. 28 Abs. 3 lit. b DSGVO), und die in die Vorschriften des Datenschutzes eingewiesen sind.',
      ],
    },
    {
      heading: '9. Technische und organisatorische Maßnahmen',
      paragraphs: [
        'Der Auftragnehmer trifft alle nach Art. 32 DSGVO erforderlichen Maßnahmen (Art. 28 Abs. 3 lit. c DSGVO), insbesondere: verschlüsselte Übertragung (TLS) und verschlüsselte Datenträger; Zugang nur für berechtigte Personen mit persönlichen Konten und starker Authentisierung; Passwörter nur als Hashwerte; Protokollierung administrativer Zugriffe; tägliche Datensicherung mit getrennter Aufbewahrung und regelmäßig geprüfter Wiederherstellung; Trennung der Daten verschiedener Auftraggeber; zeitnahe Sicherheitsupdates; regelmäßige Überprüfung und Bewertung der Wirksamkeit der Maßnahmen.',
        'Die Maßnahmen dürfen dem technischen Fortschritt angepasst werden, solange das Schutzniveau nicht unterschritten wird.',
      ],
    },
    {
      heading: '10. Unterauftragsverarbeiter',
      paragraphs: [
        'Der Auftraggeber genehmigt die folgenden Unterauftragsverarbeiter: Netlify, Inc., San Francisco, USA (Hosting und Serverfunktionen); Neon, Inc., USA (Datenbank); den E-Mail-Dienstleister des Auftragnehmers (Versand von Systemnachrichten). Übermittlungen in die USA stützen sich auf das EU-U.S. Data Privacy Framework (Art. 45 DSGVO) und im Übrigen auf die Standardvertragsklauseln (Art. 46 Abs. 2 lit. c DSGVO).',
        'Über jede beabsichtigte Hinzuziehung oder Ersetzung informiert der Auftragnehmer den Auftraggeber vorab in Textform; der Auftraggeber kann binnen 14 Tagen aus wichtigem Grund widersprechen. Der Auftragnehmer erlegt jedem Unterauftragsverarbeiter dieselben Datenschutzpflichten auf (Art. 28 Abs. 2 und 4, Abs. 3 lit. d DSGVO).',
      ],
    },
    {
      heading: '11. Unterstützung des Auftraggebers',
      paragraphs: [
        'Der Auftragnehmer unterstützt den Auftraggeber mit geeigneten Maßnahmen bei der Erfüllung der Rechte betroffener Personen nach Kapitel III DSGVO (Art. 28 Abs. 3 lit. e DSGVO) sowie bei den Pflichten aus Art. 32 bis 36 DSGVO: Sicherheit der Verarbeitung, Meldung von Verletzungen des Schutzes personenbezogener Daten – der Auftragnehmer meldet sie unverzüglich, spätestens binnen 24 Stunden nach Kenntnis –, Datenschutz-Folgenabschätzung und vorherige Konsultation (Art. 28 Abs. 3 lit. f DSGVO). Anfragen betroffener Personen leitet er unverzüglich an den Auftraggeber weiter.',
      ],
    },
    {
      heading: '12. Löschung und Rückgabe nach Auftragsende',
      paragraphs: [
        'Nach Ende der Leistungen löscht der Auftragnehmer nach Wahl des Auftraggebers alle personenbezogenen Daten oder gibt sie ihm in einem gängigen, maschinenlesbaren Format zurück und löscht die vorhandenen Kopien, sofern nicht nach dem Unionsrecht oder dem Recht der Mitgliedstaaten eine Pflicht zur Speicherung besteht (Art. 28 Abs. 3 lit. g DSGVO). Datensicherungen werden spätestens 30 Tage nach Auftragsende überschrieben. Die Löschung bestätigt er auf Verlangen in Textform.',
      ],
    },
    {
      heading: '13. Nachweise und Kontrollen',
      paragraphs: [
        'Der Auftragnehmer stellt dem Auftraggeber alle erforderlichen Informationen zum Nachweis der Einhaltung dieser Pflichten zur Verfügung und ermöglicht Überprüfungen einschließlich Inspektionen durch den Auftraggeber oder einen von ihm beauftragten, zur Verschwiegenheit verpflichteten Prüfer und trägt dazu bei (Art. 28 Abs. 3 lit. h DSGVO). Inspektionen vor Ort werden mit angemessener Frist, in der Regel zwei Wochen, angekündigt und während der Geschäftszeiten durchgeführt.',
      ],
    },
    {
      heading: '14. Schlussbestimmungen',
      paragraphs: [
        'Änderungen und Ergänzungen bedürfen der Textform. Bei Widersprüchen geht diese Vereinbarung dem Hauptvertrag in Fragen des Datenschutzes vor. Es gilt deutsches Recht. Der Vertrag kommt zustande, indem der Auftraggeber ihn unterzeichnet an den Auftragnehmer zurücksendet oder in Textform annimmt; der Auftragnehmer hat ihn mit dem Versand angeboten.',
      ],
    },
  ];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export function agreementDocument(customer: { customerId: number; postalCode: string }, issuedAt: Date): MailAttachment {
  const title = 'Vertrag zur Auftragsverarbeitung nach Art. 28 DSGVO';
  const issued = formatReceivedAt(issuedAt).date;
  const body = agreementSections(customer)
    .map((section) => `<h2>${escapeHtml(section.heading)}</h2>\n${section.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}`)
    .join('\n');
  const html = `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>body{font-family:Georgia,serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#111}h1{font-size:1.6rem}h2{font-size:1.15rem;margin-top:1.6rem}.signatures{display:flex;gap:3rem;margin-top:3rem}.signatures p{border-top:1px solid #111;padding-top:.3rem;flex:1}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>Ausgestellt am ${escapeHtml(issued)} von ${escapeHtml(site.name)} für Kundennummer ${escapeHtml(String(customer.customerId))}.</p>
${body}
<div class="signatures"><p>Ort, Datum, Unterschrift Auftraggeber</p><p>${escapeHtml(`${site.address.city}, ${issued}, ${site.name}`)}</p></div>
</body>
</html>
`;
  return { filename: `AV-Vertrag-${customer.customerId}.html`, contentType: 'text/html; charset=utf-8', content: html };
}
