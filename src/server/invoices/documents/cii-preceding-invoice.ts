import type { InvoiceService } from '@e-invoice-eu/core';

/**
 * A repair of @e-invoice-eu/core 2.3.4's CII writer: it maps the preceding invoice reference
 * (BG-3: BT-25 number, BT-26 date) from `cac:BillingReference/cbc:ID` instead of
 * `cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID`, where its own schema puts it, so
 * every CII (XRechnung CII and the XML inside Factur-X) of a cancellation invoice would lose the
 * invoice it cancels. UBL is written correctly.
 *
 * The repair hooks, for one InvoiceService instance only, into the CII writer's last step (its
 * `postProcess` of the finished CII tree) and adds `ram:InvoiceReferencedDocument` where the CII
 * schema wants it: last in ApplicableHeaderTradeSettlement (we never write the accounting account
 * that would follow it). It reaches into the library's internals, which the pinned version keeps
 * stable; the document tests read BT-25 back from every CII and fail if the hook stops working,
 * e.g. after an update that fixes the mapping (then this module goes).
 */

export interface PrecedingInvoice {
  number: string;
  /** 'YYYY-MM-DD'. */
  issuedOn: string;
}

type CiiTree = Record<string, Record<string, Record<string, Record<string, unknown>>>>;

interface CiiFormatter {
  postProcess?: (cii: CiiTree) => void;
}

interface FactoryInternals {
  createFormatService: (format: string, logger: unknown) => CiiFormatter;
}

function addReference(cii: CiiTree, preceding: PrecedingInvoice): void {
  const settlement = cii['rsm:CrossIndustryInvoice']?.['rsm:SupplyChainTradeTransaction']?.['ram:ApplicableHeaderTradeSettlement'];
  if (!settlement) throw new Error('CII: ApplicableHeaderTradeSettlement fehlt, die Rechnungsreferenz kann nicht ergänzt werden.');
  delete settlement['ram:InvoiceReferencedDocument'];
  settlement['ram:InvoiceReferencedDocument'] = {
    'ram:IssuerAssignedID': preceding.number,
    'ram:FormattedIssueDateTime': { 'qdt:DateTimeString': { '#': preceding.issuedOn.replaceAll('-', ''), '@format': '102' } },
  };
}

/** Makes this service's CII writers state the preceding invoice (BG-3). Throws if the library's internals changed. */
export function statePrecedingInvoiceInCii(service: InvoiceService, preceding: PrecedingInvoice): void {
  const factory = (service as unknown as { formatFactoryService?: FactoryInternals }).formatFactoryService;
  if (!factory || typeof factory.createFormatService !== 'function') throw new Error('@e-invoice-eu/core: interne Formatfabrik nicht gefunden (Version geändert?).');
  const create = factory.createFormatService.bind(factory);
  factory.createFormatService = (format, logger) => {
    const formatter = create(format, logger);
    const postProcess = formatter.postProcess;
    if (typeof postProcess !== 'function') return formatter;
    formatter.postProcess = (cii) => {
      postProcess.call(formatter, cii);
      addReference(cii, preceding);
    };
    return formatter;
  };
}
