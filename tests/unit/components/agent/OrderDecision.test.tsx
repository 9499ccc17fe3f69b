// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OrderDecision } from '../../../../src/components/agent/OrderDecision.tsx';
import type { InboxItem } from '../../../../src/lib/agent/inbox-types.ts';
import { INVALID_INPUT } from '../../../../src/lib/schemas/issues.ts';

const actOnInboxItem = vi.fn();
vi.mock('../../../../src/stores/agent-lists.ts', () => ({ actOnInboxItem: (...args: unknown[]) => actOnInboxItem(...args) }));

afterEach(cleanup);
beforeEach(() => {
  actOnInboxItem.mockReset();
  Element.prototype.scrollIntoView = vi.fn();
});

const item = {
  id: 'i-1',
  type: 'order',
  status: 'new',
  order: { status: 'received', acceptanceDeadline: '2026-12-10', decidedAt: null, decidedBy: null },
} as unknown as InboxItem;

describe('OrderDecision', () => {
  it('a rejection without a reason focuses the error summary, whose link leads to the reason; nothing is sent', () => {
    render(<OrderDecision item={item} onChanged={() => undefined} />);
    const form = screen.getByRole('form', { name: 'Bestellung ablehnen' });
    fireEvent.click(within(form).getByRole('button', { name: 'Bestellung ablehnen' }));
    const summary = within(form).getByRole('alert', { name: INVALID_INPUT });
    expect(document.activeElement).toBe(summary);
    expect(form.firstElementChild).toBe(summary);
    const reason = within(form).getByRole('textbox', { name: /Begründung der Ablehnung/ });
    const link = within(summary).getByRole('link');
    expect(link.getAttribute('href')).toBe(`#${reason.id}`);
    // The field keeps its own error, the one the summary links.
    expect(document.getElementById(`${reason.id}-error`)?.textContent).toBe(link.textContent);
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(link);
    expect(document.activeElement).toBe(reason);
    expect(actOnInboxItem).not.toHaveBeenCalled();
  });
});
