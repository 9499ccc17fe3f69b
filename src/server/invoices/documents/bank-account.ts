/**
 * Our account for payments by transfer: the invoices name it, the GiroCode carries it, the
 * e-invoices state it as payment account (BT-84/BT-86). Company data belongs in
 * src/config/site.ts; it lives here until it moves there, with the Sparkasse KölnBonn as the
 * house bank.
 */
export const bankAccount = {
  holder: 'Kraus Webentwicklung GmbH',
  iban: 'DE85370501980019283746',
  bic: 'COLSDE33XXX',
  bankName: 'Sparkasse KölnBonn',
} as const;
