/**
 * The header's navigation (SPEC §2, issue 36): what we sell first, then SPEC's three landing
 * anchors with exactly their labels. The desktop header shows the products in the 'Produkte'
 * menu and the rest as links; the phone menu lists everything. Every address is a built page or
 * a landing anchor (the link sweep checks them).
 */
export interface NavLink {
  href: string;
  label: string;
}

export interface ProductLink extends NavLink {
  /** One line under the name in the menus: what the visitor finds there. */
  text: string;
}

export const productLinks: readonly ProductLink[] = [
  { href: '/webapp', label: 'Webapp-Pakete', text: 'Webanwendungen zur Miete, vom Basis- bis zum Business-Plus-Paket' },
  { href: '/produktkatalog', label: 'Produktkatalog', text: 'Alle Angebote im Überblick, mit Preisen' },
  { href: '/auftragskonfigurator', label: 'Auftragskonfigurator', text: 'Anwendung zusammenstellen und die Kosten sofort sehen' },
  { href: '/#clickDummy', label: 'Click-Dummy', text: 'Ihre Idee als klickbarer Prototyp' },
];

/** Without JavaScript the 'Produkte' button cannot open its menu; this link stands in for it. */
export const productsFallback: NavLink = { href: '/produktkatalog', label: 'Produkte' };

export const navLinks: readonly NavLink[] = [
  { href: '/preisliste', label: 'Preisliste' },
  { href: '/#services', label: 'Warum?' },
  { href: '/#howItWorks', label: 'So funktioniert es' },
  { href: '/#contact', label: 'Kontakt' },
];
