import * as v from 'valibot';
import compiled from '../generated/agb-version.json' with { type: 'json' };
import { AgbVersionSchema, type AgbVersion } from '../lib/schemas/agb-version.ts';

/** The AGB in force with this build (src/content/legal/agb.md), as compiled by src/server/content/compile.ts. */
export const agb: AgbVersion = v.parse(AgbVersionSchema, compiled);
