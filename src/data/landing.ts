import type { Stat } from '../components/islands/StatsCounter.tsx';
import type { Testimonial } from '../components/islands/Testimonials.tsx';

/** Examples the hero's typewriter cycles through. */
export const heroExamples = [
  'ein Kundenportal mit Login',
  'einen Produktkatalog mit Shop',
  'die Zeiterfassung für Ihr Team',
  'ein Backoffice für die Buchhaltung',
  'Ihren Click-Dummy in wenigen Tagen',
];

/** Company statistics of SPEC §1/§9. */
export const stats: Stat[] = [
  { value: 1440, suffix: '+', label: 'Hosting-Kunden' },
  { value: 110, suffix: '+', label: 'Projekte' },
  { value: 15, suffix: '+', label: 'Jahre Entwicklung' },
  { value: 9, suffix: '+', label: 'Jahre am Markt' },
];

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

export const technologies = [
  { name: 'TypeScript', purpose: 'typsichere Anwendungen im Browser und auf dem Server' },
  { name: 'React', purpose: 'interaktive Oberflächen und Formulare' },
  { name: 'Astro', purpose: 'schnelle, statisch ausgelieferte Websites' },
  { name: 'Node.js', purpose: 'Schnittstellen und Serverfunktionen' },
  { name: 'PostgreSQL', purpose: 'zuverlässige relationale Datenhaltung' },
  { name: 'Tailwind CSS', purpose: 'einheitliches, barrierearmes Design' },
];
