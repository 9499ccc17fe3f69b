import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue 23: `npm run lint` enforces the import boundaries of src/ (eslint.config.js). Each probe
 * is linted as if it stood in that folder; a rule that stopped applying would let it pass.
 */
const eslint = new ESLint();

async function restrictions(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

// The first lint loads the parsers and the configuration: seconds on a busy machine.
describe('import boundaries', { timeout: 30_000 }, () => {
  it.each([
    ['src/lib/probe.ts', "import { $cart } from '../stores/cart.ts';"],
    ['src/lib/probe.ts', "import { api } from '../client/api.ts';"],
    ['src/lib/probe.ts', "import { env } from '../server/env.ts';"],
    ['src/lib/probe.ts', "import { Dialog } from '../components/ui/Dialog.tsx';"],
    ['src/data/probe.ts', "import Testimonials from '../components/islands/Testimonials.tsx';"],
    ['src/stores/probe.ts', "import { Dialog } from '../components/ui/Dialog.tsx';"],
    ['src/stores/probe.ts', "import { getDb } from '../server/db/index.ts';"],
    ['src/client/probe.ts', "import { $session } from '../stores/session.ts';"],
    ['src/server/probe.ts', "import { Receipt } from '../components/forms/Receipt.tsx';"],
    ['src/server/probe.ts', "import { $cart } from '../stores/cart.ts';"],
    ['src/components/probe.tsx', "import { getDb } from '../server/db/index.ts';"],
    ['src/features/billing/probe.ts', "import { issueInvoice } from './server/issue.ts';"],
    ['src/features/billing/probe.ts', "import { $agentInvoices } from './stores/agent-invoices.ts';"],
    ['src/features/billing/probe.ts', "import { getDb } from '../../server/db/index.ts';"],
    ['src/features/billing/components/probe.tsx', "import { issueInvoice } from '../server/issue.ts';"],
    ['src/features/billing/components/probe.tsx', "import { getDb } from '../../../server/db/index.ts';"],
    ['src/features/billing/stores/probe.ts', "import { Invoices } from '../components/account/Invoices.tsx';"],
    ['src/features/billing/client/probe.ts', "import { $agentInvoices } from '../stores/agent-invoices.ts';"],
    ['src/features/billing/server/probe.ts', "import { Invoices } from '../components/account/Invoices.tsx';"],
    ['src/features/billing/server/probe.ts', "import { $cart } from '../../../stores/cart.ts';"],
    ['src/lib/probe.ts', "import { issueInvoice } from '../features/billing/server/issue.ts';"],
    // Every feature folder under the same rules (decision 0075), not only billing's.
    ['src/features/click-dummy/probe.ts', "import { $clickDummy } from './stores/click-dummy.ts';"],
    ['src/features/click-dummy/probe.ts', "import { createClickDummyRequest } from './server/requests.ts';"],
    ['src/features/click-dummy/stores/probe.ts', "import ClickDummy from '../components/ClickDummy.tsx';"],
    ['src/features/click-dummy/components/probe.tsx', "import { createClickDummyRequest } from '../server/requests.ts';"],
    ['src/features/click-dummy/server/probe.ts', "import { $clickDummy } from '../stores/click-dummy.ts';"],
    ['src/features/checkout/probe.ts', "import { placeOrder } from './stores/checkout.ts';"],
    ['src/features/checkout/stores/probe.ts', "import CheckoutForm from '../components/CheckoutForm.tsx';"],
    ['src/features/checkout/components/probe.tsx', "import { getDb } from '../../../server/db/index.ts';"],
  ])('refuses in %s: %s', async (filePath, line) => {
    expect(await restrictions(filePath, `${line}\nexport {};\n`)).toContain('no-restricted-imports');
  });

  it('keeps the browser out of src/lib and of a feature\'s pure root', async () => {
    expect(await restrictions('src/lib/probe.ts', 'export const title = () => document.title;\n')).toContain('no-restricted-globals');
    expect(await restrictions('src/features/billing/probe.ts', 'export const title = () => document.title;\n')).toContain('no-restricted-globals');
    expect(await restrictions('src/features/checkout/probe.ts', 'export const title = () => document.title;\n')).toContain('no-restricted-globals');
  });

  it('lets each folder use what it may', async () => {
    expect(await restrictions('src/stores/probe.ts', "import { api } from '../client/api.ts';\nexport const f = api;\n")).toEqual([]);
    expect(await restrictions('src/server/probe.ts', "import { formatEuro } from '../lib/money.ts';\nexport const f = formatEuro;\n")).toEqual([]);
    expect(await restrictions('src/features/billing/server/probe.ts', "import { getDb } from '../../../server/db/index.ts';\nexport const f = getDb;\n")).toEqual([]);
    expect(await restrictions('src/features/billing/components/probe.tsx', "import { $agentInvoices } from '../stores/agent-invoices.ts';\nexport const f = $agentInvoices;\n")).toEqual([]);
    expect(await restrictions('src/features/checkout/components/probe.tsx', "import { placeOrder } from '../stores/checkout.ts';\nexport const f = placeOrder;\n")).toEqual([]);
    expect(await restrictions('src/features/checkout/stores/probe.ts', "import { clearCart } from '../../../stores/cart.ts';\nexport const f = clearCart;\n")).toEqual([]);
    expect(await restrictions('src/features/click-dummy/server/probe.ts', "import { ClickDummyRequestSchema } from '../schemas.ts';\nexport const f = ClickDummyRequestSchema;\n")).toEqual([]);
  });
});
