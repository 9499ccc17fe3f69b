import * as v from 'valibot';
import { APP_TYPE_IDS } from '../configurator/app-types.ts';
import { HOURS_MINIMUM, MAX_HOURS } from '../configurator/hours.ts';
import { SavedClickDummySchema } from '../../features/click-dummy/schemas.ts';
import { EmailSchema, messages, optionalText, requiredText } from './fields.ts';
import { CaptchaInputSchema, HashcashSolutionsSchema } from './security.ts';

/**
 * The configurator state (SPEC §3) and its inquiry (SPEC §3, §7): the island builds them, POST
 * /api/inquiry validates them with the same schemas and prices the state itself.
 */

export const CONFIGURATOR_TABS = ['app-development', 'support'] as const;
export const HOSTING_PLANS = ['monthly', 'six-months'] as const;

export type ConfiguratorTab = (typeof CONFIGURATOR_TABS)[number];
export type HostingPlan = (typeof HOSTING_PLANS)[number];

export const configuratorMessages = {
  sent: 'Ihre Anfrage wurde übermittelt!',
  sendFailed: 'Fehler beim Senden der Anfrage.',
  hours: (minimum: number) => `Bitte geben Sie eine ganze Zahl von ${minimum} bis ${MAX_HOURS.toLocaleString('de-DE')} Stunden an.`,
  appTypes: 'Ungültige Auswahl der Anwendungstypen.',
  tooManyClickDummies: 'Es können höchstens 20 Click-Dummies angehängt werden.',
} as const;

function hours(minimum: number) {
  const message = configuratorMessages.hours(minimum);
  return v.pipe(v.number(message), v.integer(message), v.minValue(minimum, message), v.maxValue(MAX_HOURS, message));
}

export const ConfiguratorStateSchema = v.object({
  activeTab: v.picklist(CONFIGURATOR_TABS),
  showAppForm: v.boolean(),
  showSupportForm: v.boolean(),
  developmentHours: hours(HOURS_MINIMUM.developmentHours),
  supportHours: hours(HOURS_MINIMUM.supportHours),
  supportOnlyHours: hours(HOURS_MINIMUM.supportOnlyHours),
  hostingPlan: v.picklist(HOSTING_PLANS),
  includeVAT: v.boolean(),
  customizationRequired: v.picklist(['yes', 'no']),
  selectedAppType: v.pipe(
    v.array(v.picklist(APP_TYPE_IDS, configuratorMessages.appTypes), configuratorMessages.appTypes),
    v.check((list) => new Set(list).size === list.length, configuratorMessages.appTypes),
  ),
});

export type ConfiguratorState = v.InferOutput<typeof ConfiguratorStateSchema>;

export const DEFAULT_CONFIGURATOR_STATE: ConfiguratorState = {
  activeTab: 'app-development',
  showAppForm: true,
  showSupportForm: false,
  developmentHours: 0,
  supportHours: 0,
  supportOnlyHours: 1,
  hostingPlan: 'monthly',
  // PAngV: a consumer must see the price they pay first, so the estimate starts gross.
  includeVAT: true,
  customizationRequired: 'no',
  selectedAppType: ['portal'],
};

/** The fields the visitor types besides the configuration. */
export const ConfiguratorContactSchema = v.object({
  name: requiredText(messages.nameRequired, 200),
  email: EmailSchema,
  message: optionalText(5000),
});

export const ConfiguratorInquirySchema = v.object({
  ...ConfiguratorContactSchema.entries,
  configurator: ConfiguratorStateSchema,
  clickDummies: v.optional(v.pipe(v.array(SavedClickDummySchema), v.maxLength(20, configuratorMessages.tooManyClickDummies)), []),
  captcha: CaptchaInputSchema,
  hashcash_solutions: HashcashSolutionsSchema,
});

export type ConfiguratorContact = v.InferOutput<typeof ConfiguratorContactSchema>;
export type ConfiguratorInquiry = v.InferOutput<typeof ConfiguratorInquirySchema>;
