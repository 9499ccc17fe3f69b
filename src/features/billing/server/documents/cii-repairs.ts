import type { InvoiceService } from '@e-invoice-eu/core';
import { onFormatWriter, wrapMethod } from './format-hooks.ts';

/**
 * Repairs of @e-invoice-eu/core 2.3.4's CII writer (XRechnung CII and the XML inside Factur-X),
 * applied to the finished CII tree in the writer's last step (its `postProcess`, ./format-hooks.ts):
 *
 * 1. The preceding invoice (BG-3: BT-25 number, BT-26 date): the library maps it from
 *    `cac:BillingReference/cbc:ID` instead of `…/cac:InvoiceDocumentReference/cbc:ID`, where its
 *    own schema puts it, so a cancellation invoice would lose the invoice it cancels. Added as
 *    `ram:InvoiceReferencedDocument`, last in ApplicableHeaderTradeSettlement (we never write the
 *    accounting account that would follow it).
 * 2. The SEPA creditor identifier (BT-90): the mapping states it as UBL does, as the seller's
 *    identifier with the scheme 'SEPA' (./en16931.ts); the library writes that into CII as the
 *    seller identifier `ram:SellerTradeParty/ram:ID` (BT-29), without its scheme. CII states BT-90
 *    as `ram:CreditorReferenceID`, the first element of ApplicableHeaderTradeSettlement
 *    (BR-DE-30 looks for it there); it is moved.
 *
 * UBL is written correctly. The document tests read BT-25 and BT-90 back from every CII.
 */

interface PrecedingInvoice {
  number: string;
  /** 'YYYY-MM-DD'. */
  issuedOn: string;
}

export interface CiiRepairs {
  preceding: PrecedingInvoice | null;
  /** Our SEPA creditor identifier when the invoice is collected by direct debit, else null. */
  creditorId: string | null;
}

type Node = Record<string, unknown>;

const child = (node: Node | undefined, key: string): Node | undefined => node?.[key] as Node | undefined;

/** Applies the repairs to a CII tree as the library builds it (element names as keys, in document order). */
export function repairCiiTree(cii: Node, repairs: CiiRepairs): void {
  const transaction = child(child(cii, 'rsm:CrossIndustryInvoice'), 'rsm:SupplyChainTradeTransaction');
  const agreement = child(transaction, 'ram:ApplicableHeaderTradeAgreement');
  const settlement = child(transaction, 'ram:ApplicableHeaderTradeSettlement');
  if (!agreement || !settlement) throw new Error('CII: ApplicableHeaderTradeAgreement oder ApplicableHeaderTradeSettlement fehlt, die CII-Korrekturen können nicht angewandt werden.');

  if (repairs.creditorId !== null) {
    const seller = child(agreement, 'ram:SellerTradeParty');
    if (seller?.['ram:ID'] === repairs.creditorId) delete seller['ram:ID'];
    // Object keys are the element order: CreditorReferenceID comes first in the settlement.
    const entries = Object.entries(settlement).filter(([key]) => key !== 'ram:CreditorReferenceID');
    for (const key of Object.keys(settlement)) delete settlement[key];
    Object.assign(settlement, { 'ram:CreditorReferenceID': repairs.creditorId }, Object.fromEntries(entries));
  }

  if (repairs.preceding) {
    delete settlement['ram:InvoiceReferencedDocument'];
    settlement['ram:InvoiceReferencedDocument'] = {
      'ram:IssuerAssignedID': repairs.preceding.number,
      'ram:FormattedIssueDateTime': { 'qdt:DateTimeString': { '#': repairs.preceding.issuedOn.replaceAll('-', ''), '@format': '102' } },
    };
  }
}

/** Makes this service's CII writers apply the repairs. Throws if the library's internals changed. */
export function repairCii(service: InvoiceService, repairs: CiiRepairs): void {
  onFormatWriter(service, (writer) => {
    // Only the CII writers (XRechnung CII, Factur-X) have this last step; UBL needs no repair.
    if (typeof writer.postProcess !== 'function') return;
    wrapMethod<[Node], void>(writer, 'postProcess', (original) => (cii) => {
      original(cii);
      repairCiiTree(cii, repairs);
    });
  });
}
