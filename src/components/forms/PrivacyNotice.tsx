/**
 * Where /datenschutz explains contact and inquiry forms (section 4.2; Astro derives the anchors
 * from the headings of src/content/legal/datenschutz.md, tests/e2e/no-identifiers.spec.ts follows them).
 */
export const INQUIRY_PRIVACY_SECTION = '/datenschutz#42-kontaktformular-anfragen-und-auftragskonfigurator';
/** Section 4.3: the click dummy's request. */
export const CLICK_DUMMY_PRIVACY_SECTION = '/datenschutz#43-click-dummy';

/**
 * The privacy notice of a contact or inquiry form (Art. 13 DSGVO). Answering an inquiry rests on
 * Art. 6 Abs. 1 lit. b/f DSGVO, not on consent, so the form informs instead of asking for a
 * tick that the processing would not rely on (decision 0035).
 */
export function PrivacyNotice({ href = INQUIRY_PRIVACY_SECTION }: { href?: string }) {
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      Wir verarbeiten Ihre Angaben, um Ihre Anfrage zu beantworten. Mehr dazu in der{' '}
      <a href={href} className="font-medium text-brand-700 underline dark:text-brand-300">
        Datenschutzerklärung
      </a>
      .
    </p>
  );
}
