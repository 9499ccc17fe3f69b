/**
 * What our rented web applications run on (Art. 246a § 1 Abs. 1 Satz 1 Nr. 14 und 15 EGBGB: the
 * functionality, compatibility and interoperability of digital products, before the order). One
 * list for /webapp and /zeiterfassung; the applications are tested against exactly this.
 */
export const SYSTEM_REQUIREMENTS: readonly { term: string; value: string }[] = [
  {
    term: 'Browser',
    value: 'Die jeweils zwei neuesten Hauptversionen von Google Chrome, Microsoft Edge, Mozilla Firefox und Apple Safari; JavaScript und Cookies müssen aktiviert sein.',
  },
  {
    term: 'Geräte und Betriebssysteme',
    value: 'PC und Notebook mit Windows 10 oder 11, macOS oder Linux; Tablet und Smartphone mit iOS/iPadOS ab Version 16 oder Android ab Version 10.',
  },
  { term: 'Installation', value: 'Keine: Die Anwendung läuft im Browser, eine App oder zusätzliche Software ist nicht nötig.' },
  { term: 'Verbindung', value: 'Eine Internetverbindung während der Nutzung; ohne Verbindung lassen sich keine Daten erfassen oder abrufen.' },
  { term: 'Schnittstellen', value: 'Export Ihrer Daten jederzeit und bei Vertragsende in einem gängigen, maschinenlesbaren Format (AGB § 5).' },
];
