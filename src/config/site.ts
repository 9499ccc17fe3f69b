/**
 * Company data in one place: the layout, the footer, the imprint, the legal pages and the
 * mails read it from here, so an editor changes an address or a register number once.
 */
export const site = {
  name: 'Kraus Webentwicklung GmbH',
  shortName: 'Kraus Webentwicklung',
  tagline: 'Webanwendungen, Hosting und Entwicklerstunden aus einer Hand',
  description:
    'Wir entwickeln individuelle Webanwendungen, vermieten fertige Web-App-Pakete, betreiben Hosting und Domains und unterstützen Ihr Team mit erfahrenen Entwicklerinnen und Entwicklern.',
  address: {
    street: 'Hansaring 61',
    postalCode: '50670',
    city: 'Köln',
    country: 'Deutschland',
  },
  phone: '+49 221 98765430',
  phoneDisplay: '0221 987654-30',
  email: 'info@kraus-webentwicklung.de',
  /**
   * The e-mail provider whose SMTP server sends every mail of the site (SMTP_URL points there): a
   * processor that the AV-Vertrag's Annex 2 and the privacy policy name (decision 0067).
   */
  mailProvider: {
    name: 'IONOS SE',
    address: 'Elgendorfer Straße 57, 56410 Montabaur',
    /** Where the mails are processed. */
    location: 'Deutschland',
  },
  /** Inquiries and contact-form notifications go here. */
  inquiryEmail: 'anfragen@kraus-webentwicklung.de',
  managingDirector: 'Martin Kraus',
  register: { court: 'Amtsgericht Köln', number: 'HRB 104512' },
  vatId: 'DE318456202',
  /**
   * Gläubiger-Identifikationsnummer (Deutsche Bundesbank): every SEPA direct-debit mandate and
   * pre-notification must name it (SEPA Core Rulebook), next to the mandate reference.
   */
  sepaCreditorId: 'DE39ZZZ00000104512',
  /**
   * The account invoices are paid to and direct debits are collected into: printed on every
   * invoice, in its GiroCode and e-invoice (BT-84/BT-86), and the creditor account of pain.008.
   */
  bankAccount: {
    bankName: 'Sparkasse KölnBonn',
    iban: 'DE72370501981023456789',
    bic: 'COLSDE33',
  },
  /** Contact persons (page /ansprechpartner, imprint). */
  contacts: [
    {
      name: 'Martin Kraus',
      role: 'Geschäftsführer, Projektleitung',
      topics: ['Angebote und Verträge', 'Individuelle Entwicklung'],
      email: 'm.kraus@kraus-webentwicklung.de',
      phoneDisplay: '0221 987654-31',
    },
    {
      name: 'Sabine Özdemir',
      role: 'Leitung Hosting und Betrieb',
      topics: ['Hosting und Domains', 'Webapp-Pakete', 'Datenschutz und AV-Verträge'],
      email: 's.oezdemir@kraus-webentwicklung.de',
      phoneDisplay: '0221 987654-32',
    },
    {
      name: 'Jonas Weber',
      role: 'Kundensupport',
      topics: ['Support-Anfragen', 'Rechnungen und Kündigungen'],
      email: 'support@kraus-webentwicklung.de',
      phoneDisplay: '0221 987654-30',
    },
  ],
  /** Responsible for content according to § 18 Abs. 2 MStV. */
  contentResponsible: 'Martin Kraus, Anschrift wie oben',
  social: [
    { name: 'GitHub', url: 'https://github.com/kraus-webentwicklung' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/kraus-webentwicklung' },
    { name: 'XING', url: 'https://www.xing.com/pages/kraus-webentwicklung' },
  ],
} as const;
