import * as v from 'valibot';

/**
 * src/data/domains.json: the domain price list (SPEC §2 "Domain price list", §3 "Domain price
 * row", §9 "Domains"). Prices are integer cents. The monthly price is stored, not computed,
 * because it is a quoted price an editor may round on purpose; tests check it against year / 12.
 */
const cents = v.pipe(v.number(), v.integer(), v.minValue(0));

export const DomainPriceSchema = v.object({
  /** The top-level domain without the dot, lower case: 'de', 'click'. It is also the URL segment. */
  tld: v.pipe(v.string(), v.regex(/^[a-z]{2,63}$/, 'Eine Domainendung besteht aus 2 bis 63 Kleinbuchstaben ohne Punkt.')),
  minDurationYears: v.pipe(v.number(), v.integer(), v.minValue(1)),
  priceYear: cents,
  priceMonth: cents,
});

export const DomainsDataSchema = v.object({
  /** A domain contract can be cancelled up to this many days before the end of its term. */
  cancellationDaysBeforeEnd: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Activation after the order takes between min and max hours. */
  activationHours: v.pipe(
    v.object({ min: v.pipe(v.number(), v.integer(), v.minValue(0)), max: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
    v.check(({ min, max }) => min <= max, 'Die kürzeste Freischaltzeit darf nicht über der längsten liegen.'),
  ),
  tlds: v.pipe(
    v.array(DomainPriceSchema),
    v.minLength(1),
    v.check((rows) => new Set(rows.map((row) => row.tld)).size === rows.length, 'Jede Domainendung darf nur einmal vorkommen.'),
  ),
});

export type DomainPrice = v.InferOutput<typeof DomainPriceSchema>;
export type DomainsData = v.InferOutput<typeof DomainsDataSchema>;
