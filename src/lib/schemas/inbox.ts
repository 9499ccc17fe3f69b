import * as v from 'valibot';
import { MAX_NAMED_NUMBERS, numbersIn } from '../contracts/matching.ts';
import { germanDate, isoFromGermanDate } from '../forms/dates.ts';

/**
 * The agent dashboard's inbox (docs/decisions/0019-agent-dashboard.md): everything the site
 * received besides chats. Shared by the dashboard and the endpoints, so both check the same.
 */

/** Items per inbox page, like the conversations. */
export const INBOX_PAGE_SIZE = 20;

/** What can arrive, in the order the filter offers it; the path segment of PATCH …/:type/:id. */
export const INBOX_TYPES = [
  'contact',
  'configurator',
  'click-dummy',
  'order',
  'order-inquiry',
  'cancellation',
  'withdrawal',
  'av-request',
  'demo-request',
] as const;
export type InboxType = (typeof INBOX_TYPES)[number];

export const INBOX_STATUSES = ['new', 'in_progress', 'done'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

export const inboxTypeLabels: Record<InboxType, string> = {
  contact: 'Kontaktanfrage',
  configurator: 'Konfigurator-Anfrage',
  'click-dummy': 'Click-Dummy-Anfrage',
  order: 'Bestellung',
  'order-inquiry': 'Auftragsanfrage',
  cancellation: 'Kündigung',
  withdrawal: 'Widerruf',
  'av-request': 'AV-Vertrag-Anfrage',
  'demo-request': 'Demo-Anfrage',
};

export const inboxStatusLabels: Record<InboxStatus, string> = {
  new: 'Neu',
  in_progress: 'In Bearbeitung',
  done: 'Erledigt',
};

export const inboxMessages = {
  pageInvalid: 'Die Seitenzahl muss eine ganze Zahl ab 1 sein.',
  typeInvalid: 'Diese Art von Eingang gibt es nicht.',
  statusInvalid: 'Der Status muss „Neu“, „In Bearbeitung“ oder „Erledigt“ sein.',
  itemNotFound: 'Diesen Eingang gibt es nicht.',
  actionInvalid: 'Diese Aktion gibt es nicht.',
  actionNotForType: 'Diese Aktion ist für diese Art von Eingang nicht möglich.',
  endDateInvalid: 'Bitte geben Sie das Vertragsende als gültiges Datum an.',
  alreadyProcessed: 'Diese Kündigung wurde bereits bearbeitet.',
  endNoteRequired: 'Bitte begründen Sie, warum das Vertragsende vom berechneten Datum abweicht.',
  endNoteTooLong: 'Die Begründung darf höchstens 500 Zeichen lang sein.',
  contractNumberInvalid: 'Bitte geben Sie eine Vertragsnummer wie V-000042 an.',
  contractNotRunning: 'Einen laufenden Vertrag mit dieser Nummer gibt es nicht.',
  // Issue 33: an extraordinary cancellation is decided, a withdrawal is assigned its orders.
  decisionReasonRequired: 'Bitte begründen Sie Ihre Entscheidung; die Begründung geht an den Kunden.',
  decisionReasonTooLong: 'Die Begründung darf höchstens 1000 Zeichen lang sein.',
  alreadyDecided: 'Über diese Kündigung wurde bereits entschieden.',
  decisionNeeded: 'Über eine außerordentliche Kündigung entscheiden Sie mit Vertragsende und Begründung.',
  notExtraordinary: 'Dies ist eine ordentliche Kündigung: Bitte bestätigen oder korrigieren Sie das Vertragsende.',
  orderNumbersInvalid: `Bitte geben Sie bis zu ${MAX_NAMED_NUMBERS} Auftrags- oder Vertragsnummern an, z. B. KW-7K4M-9QX3-T5DW oder V-000042.`,
  ordersUnknown: 'Nicht jede dieser Nummern gehört zu einer Bestellung eines Verbrauchers. Bitte prüfen Sie die Nummern.',
  withdrawalAlreadyAssigned: 'Dieser Widerruf ist bereits zugeordnet.',
  rejectionReasonRequired: 'Bitte begründen Sie die Ablehnung; wir senden die Begründung dem Kunden.',
  rejectionReasonTooLong: 'Die Begründung darf höchstens 500 Zeichen lang sein.',
} as const;

/** An order of the withdrawal whose period ended before the withdrawal arrived: too late, nothing changes. */
export function withdrawalTooLate(orderNumber: string, periodEnd: string): string {
  return `Die Widerrufsfrist der Bestellung ${orderNumber} endete am ${germanDate(periodEnd)}; der Widerruf kam danach. Bitte antworten Sie dem Kunden.`;
}

/** '' counts as no filter: the dashboard's "Alle" option sends it. */
const optionalFilter = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  v.optional(v.union([v.literal(''), v.picklist(options)], message), '');

/**
 * `?page=` of the dashboard's lists: missing = 1, else a whole number from 1 on; a page far beyond
 * the last is valid (an empty page) and capped so it cannot overflow an OFFSET.
 */
export const PageSchema = v.optional(
  v.pipe(
    v.string(inboxMessages.pageInvalid),
    v.regex(/^0*[1-9]\d*$/, inboxMessages.pageInvalid),
    v.transform((text) => Math.min(Number(text), Number.MAX_SAFE_INTEGER)),
  ),
  '1',
);

/** `?type=&status=&page=` of the inbox. */
export const InboxQuerySchema = v.object({
  type: optionalFilter(INBOX_TYPES, inboxMessages.typeInvalid),
  status: optionalFilter(INBOX_STATUSES, inboxMessages.statusInvalid),
  page: PageSchema,
});
export type InboxQuery = v.InferOutput<typeof InboxQuerySchema>;

/** An ISO day ('2026-12-31') that exists in the calendar. */
const IsoDateSchema = v.pipe(
  v.string(inboxMessages.endDateInvalid),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, inboxMessages.endDateInvalid),
  v.check((iso) => isoFromGermanDate(iso.split('-').reverse().join('.')) === iso, inboxMessages.endDateInvalid),
);

/** Why an agent's end differs from the computed one; kept with the contract (`end_note`). */
const EndNoteSchema = v.optional(v.pipe(v.string(inboxMessages.endNoteTooLong), v.trim(), v.maxLength(500, inboxMessages.endNoteTooLong)), '');

/** The contract an agent assigns a cancellation that named none unambiguously ('' for none). */
const ContractNumberSchema = v.optional(
  v.pipe(v.string(inboxMessages.contractNumberInvalid), v.trim(), v.toUpperCase(), v.regex(/^(V-\d{6,9})?$/, inboxMessages.contractNumberInvalid)),
  '',
);

/**
 * The processing form of a cancellation matched to a contract whose end was computed on receipt
 * (`computedEnd`; null without a contract): another end needs a reason. The dashboard validates
 * with it as the agent types; the server again with the computed end it has stored.
 */
export function cancellationEndSchema(computedEnd: string | null) {
  return v.pipe(
    v.object({ endDate: IsoDateSchema, note: EndNoteSchema, contractNumber: ContractNumberSchema }),
    v.forward(
      v.check(({ endDate, note }) => computedEnd === null || endDate === computedEnd || note !== '', inboxMessages.endNoteRequired),
      ['note'],
    ),
  );
}

/** The reason an agent gives for the decision on an extraordinary cancellation; it is mailed to the customer. */
const DecisionReasonSchema = v.pipe(
  v.string(inboxMessages.decisionReasonRequired),
  v.trim(),
  v.minLength(1, inboxMessages.decisionReasonRequired),
  v.maxLength(1000, inboxMessages.decisionReasonTooLong),
);

/**
 * The decision on an extraordinary cancellation received on `receivedOn` (decision 0054): the end,
 * not before the day of receipt, and the reason. The dashboard checks it as the agent types, the
 * server again with the stored day of receipt.
 */
export function cancellationDecisionSchema(receivedOn: string) {
  const endNotBefore = `Das Vertragsende darf nicht vor dem Eingang der Kündigung am ${germanDate(receivedOn)} liegen.`;
  return v.object({
    endDate: v.pipe(IsoDateSchema, v.check((day) => day >= receivedOn, endNotBefore)),
    reason: DecisionReasonSchema,
    contractNumber: ContractNumberSchema,
  });
}

/**
 * The order or contract numbers an agent assigns a withdrawal ('KW-000042, V-000007'), found with
 * the same function as in the declaration's text: one to MAX_NAMED_NUMBERS of them.
 */
export const WithdrawalOrderNumbersSchema = v.pipe(
  v.string(inboxMessages.orderNumbersInvalid),
  v.trim(),
  v.maxLength(200, inboxMessages.orderNumbersInvalid),
  v.check((text) => {
    const count = numbersIn(text).length;
    return count >= 1 && count <= MAX_NAMED_NUMBERS;
  }, inboxMessages.orderNumbersInvalid),
);
/**
 * The rejection of an order we review (decision 0053): its reason is mailed to the customer. The
 * dashboard's form validates with it, the server with the action below.
 */
export const OrderRejectionSchema = v.object({
  reason: v.pipe(
    v.string(inboxMessages.rejectionReasonRequired),
    v.trim(),
    v.nonEmpty(inboxMessages.rejectionReasonRequired),
    v.maxLength(500, inboxMessages.rejectionReasonTooLong),
  ),
});

/** PATCH /api/agent/inbox/:type/:id: one action per call. */
export const InboxActionSchema = v.variant(
  'action',
  [
    v.object({ action: v.literal('setStatus'), status: v.picklist(INBOX_STATUSES, inboxMessages.statusInvalid) }),
    v.object({ action: v.literal('processCancellation'), endDate: IsoDateSchema, note: EndNoteSchema, contractNumber: ContractNumberSchema }),
    v.object({ action: v.literal('decideCancellation'), endDate: IsoDateSchema, reason: DecisionReasonSchema, contractNumber: ContractNumberSchema }),
    v.object({ action: v.literal('assignWithdrawal'), orderNumbers: WithdrawalOrderNumbersSchema }),
    v.object({ action: v.literal('acceptOrder') }),
    v.object({ action: v.literal('rejectOrder'), ...OrderRejectionSchema.entries }),
  ],
  inboxMessages.actionInvalid,
);
export type InboxAction = v.InferOutput<typeof InboxActionSchema>;

/**
 * `:type/:id` of an inbox item's path: an unknown type or an id that cannot exist is simply not
 * found. The id is a positive whole number (every inbox table counts with bigserial).
 */
export const InboxItemParamsSchema = v.object({
  type: v.picklist(INBOX_TYPES, inboxMessages.typeInvalid),
  id: v.pipe(v.string(inboxMessages.itemNotFound), v.regex(/^[1-9]\d{0,14}$/, inboxMessages.itemNotFound), v.transform(Number)),
});
