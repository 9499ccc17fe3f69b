/** One figure of the statistics strip: '1440+ Hosting-Kunden'. */
export interface Stat {
  value: number;
  suffix: string;
  label: string;
}

/** One customer's voice in the testimonials slider. */
export interface Testimonial {
  text: string;
  author: string;
  role: string;
}

/** Examples the hero's typewriter cycles through. */
export const heroExamples = [
  'ein Kundenportal mit Login',
  'einen Produktkatalog mit Shop',
  'die Zeiterfassung für Ihr Team',
  'ein Backoffice für die Buchhaltung',
  'Ihren Click-Dummy in wenigen Tagen',
];

/**
 * The company's figures (SPEC §1), each a lower bound that is true today. The statistics strip,
 * the about page, the CV and every sentence naming a figure derive from here, so no two pages
 * disagree (§ 5 UWG). Years on the market: the GmbH and its hosting offers exist since 2016 (CV),
 * so "more than 9" holds whatever month of 2016 it was; SPEC's "10+" of one section is not used.
 */
export const companyFacts = {
  hostingCustomers: 1440,
  projects: 110,
  /** Since the managing director began as a freelance developer (2010). */
  yearsOfDevelopment: 15,
  yearsOnMarket: 9,
} as const;

/** Company statistics of SPEC §1/§9. */
export const stats: Stat[] = [
  { value: companyFacts.hostingCustomers, suffix: '+', label: 'Hosting-Kunden' },
  { value: companyFacts.projects, suffix: '+', label: 'Projekte' },
  { value: companyFacts.yearsOfDevelopment, suffix: '+', label: 'Jahre Entwicklung' },
  { value: companyFacts.yearsOnMarket, suffix: '+', label: 'Jahre am Markt' },
];

/**
 * Whether and how the testimonials are checked (§ 5b Abs. 3 UWG), shown with them and their stars.
 * We have no procedure that verifies a reviewer used our services, so the text says exactly that
 * (docs/decisions/0032); a real check introduced later must be described here instead.
 */
export const testimonialsNotice =
  'Hinweis zu den Kundenstimmen: Die Stimmen und ihre Sternebewertungen sind eine Auswahl, die wir selbst getroffen haben; sie zeigen nicht alle Rückmeldungen. Wir prüfen nicht in einem eigenen Verfahren, ob eine Bewertung von einem Kunden stammt, der unsere Leistungen tatsächlich genutzt hat.';

/** Six hosting customers, each rating 5 of 5 stars (SPEC §1). */
export const testimonials: Testimonial[] = [
  {
    text: 'Unser Vereinsportal läuft seit Jahren ohne Ausfälle. Wenn wir etwas brauchen, ist die Antwort meist am selben Tag da.',
    author: 'Petra Lindner',
    role: 'Vorsitzende, Turnverein Ehrenfeld',
  },
  {
    text: 'Der Click-Dummy hat uns geholfen, intern Klarheit zu schaffen, bevor wir Geld in die Entwicklung gesteckt haben.',
    author: 'Thomas Berger',
    role: 'Geschäftsführer, Berger Haustechnik',
  },
  {
    text: 'Wir haben unseren Produktkatalog mit Shop als Webapp-Paket gemietet. Transparente Preise, keine Überraschungen auf der Rechnung.',
    author: 'Aylin Kaya',
    role: 'Inhaberin, Kaya Bürobedarf',
  },
  {
    text: 'Die Zeiterfassung hat unsere Zettelwirtschaft abgelöst. Die Pausenregeln rechnet das System jetzt selbst.',
    author: 'Michael Hoffmann',
    role: 'Betriebsleiter, Hoffmann Logistik',
  },
  {
    text: 'Umzug von zwölf Domains und drei Anwendungen an einem Wochenende – am Montag lief alles, als wäre nichts gewesen.',
    author: 'Sandra Vogt',
    role: 'IT-Leitung, Praxisverbund Rheinland',
  },
  {
    text: 'Für Änderungen buchen wir einfach Entwicklerstunden. Das ist für uns planbarer als ein eigener Entwickler.',
    author: 'Daniel Schulz',
    role: 'Marketing, Schulz Immobilien',
  },
];

/** Each technology with what we use it for, in the order the landing page lists them. */
const technologyPurposes = {
  TypeScript: 'typsichere Anwendungen im Browser und auf dem Server',
  React: 'interaktive Oberflächen und Formulare',
  Astro: 'schnelle, statisch ausgelieferte Websites',
  'Node.js': 'Schnittstellen und Serverfunktionen',
  PostgreSQL: 'zuverlässige relationale Datenhaltung',
  'Tailwind CSS': 'einheitliches, barrierearmes Design',
};

export const technologies = Object.entries(technologyPurposes).map(([name, purpose]) => ({ name, purpose }));
