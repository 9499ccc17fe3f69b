import QRCode from 'qrcode';

/**
 * The GiroCode (EPC QR code, EPC069-12 version 2): a banking app scans it and fills in a SEPA
 * credit transfer – beneficiary, IBAN, amount and the invoice number as remittance – so nobody
 * types a digit wrong. Only invoices that ask for a transfer of more than 0,00 € carry one.
 */

export interface GiroCodeTransfer {
  /** Beneficiary, at most 70 characters. */
  name: string;
  iban: string;
  /** Optional in version 002 within the EEA; given when known. */
  bic: string;
  cents: number;
  /** Unstructured remittance information (the invoice number), at most 140 characters. */
  remittance: string;
}

/** EPC069-12 limits: 0,01 € to 999.999.999,99 €. */
const MAX_CENTS = 99_999_999_999;

/**
 * The payload, one field a line (LF): service tag BCD, version 002, character set 1 (UTF-8),
 * identification SCT, BIC, name, IBAN, 'EUR12.34', purpose (empty), structured reference
 * (empty: the remittance is unstructured), remittance text. Trailing empty fields are left out,
 * as the standard allows.
 */
export function giroCodePayload(transfer: GiroCodeTransfer): string {
  const { name, bic, remittance, cents } = transfer;
  const iban = transfer.iban.replace(/\s+/g, '').toUpperCase();
  if (!Number.isSafeInteger(cents) || cents < 1 || cents > MAX_CENTS) throw new RangeError(`GiroCode: Betrag in Cent von 1 bis ${MAX_CENTS} erwartet, erhalten: ${cents}`);
  if (name.length === 0 || name.length > 70) throw new RangeError(`GiroCode: Empfängername mit 1 bis 70 Zeichen erwartet: ${name}`);
  if (remittance.length > 140) throw new RangeError(`GiroCode: Verwendungszweck mit höchstens 140 Zeichen erwartet: ${remittance}`);
  const amount = `EUR${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return ['BCD', '002', '1', 'SCT', bic, name, iban, amount, '', '', remittance].join('\n');
}

/**
 * The code as a PNG: error correction level M, as EPC069-12 prescribes; no quiet zone in the
 * image (the page around it stays white).
 */
export function giroCodePng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 0, width: 360 });
}
