// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InboxDetail } from '../../../src/components/agent/InboxDetail.tsx';
import type { InboxItem } from '../../../src/lib/agent/inbox-types.ts';

const NOTE_REQUIRED = 'Bitte begründen Sie, warum das Vertragsende vom berechneten Datum abweicht.';

function cancellation(computedEndDate: string | null): InboxItem {
  return {
    type: 'cancellation',
    id: 7,
    receivedAt: '2026-11-24T09:00:00.000Z',
    status: 'new',
    statusChangedAt: null,
    statusChangedBy: null,
    title: 'Kündigung Nr. 7: Webapp Basis',
    details: [],
    cancellation: {
      processed: false,
      contractEndDate: null,
      processedAt: null,
      requestedEndDate: null,
      computedEndDate,
      type: 'regular',
      receivedOn: '2026-11-24',
      matched: computedEndDate !== null,
      attribution: null,
    },
  };
}

/** An extraordinary cancellation matched to a contract, asked to end on 31.12.2026 (issue 33). */
function extraordinary(): InboxItem {
  const item = cancellation(null);
  return { ...item, cancellation: { ...item.cancellation!, type: 'extraordinary', requestedEndDate: '2026-12-31', matched: true } };
}

let sent: unknown[] = [];

beforeEach(() => {
  sent = [];
  document.cookie = 'csrf_token=test-token';
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push(JSON.parse(init.body as string));
    return new Response(JSON.stringify({ item: { ...cancellation('2027-05-23'), status: 'done' } }), { status: 200 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const show = (item: InboxItem) => render(<InboxDetail item={item} onChanged={() => {}} />);

describe('processing a cancellation in the inbox detail', () => {
  it('offers the computed end and asks for no note while it is kept', async () => {
    show(cancellation('2027-05-23'));
    expect((screen.getByLabelText(/^Vertragsende/) as HTMLInputElement).value).toBe('2027-05-23');
    expect(screen.getByText('Bei Eingang berechnet: 23.05.2027')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Begründung/ })).toBeNull();
    // Matched on receipt: the contract is known, nothing to assign.
    expect(screen.queryByRole('textbox', { name: 'Vertragsnummer' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Kündigung bearbeiten' }));
    await waitFor(() => expect(sent).toEqual([{ action: 'processCancellation', endDate: '2027-05-23', note: '', contractNumber: '' }]));
  });

  it('requires a note, tied to its field, only when the date differs', async () => {
    show(cancellation('2027-05-23'));
    fireEvent.change(screen.getByLabelText(/^Vertragsende/), { target: { value: '2027-06-01' } });
    const note = screen.getByRole('textbox', { name: /Begründung für das abweichende Datum/ });
    expect(note.hasAttribute('required')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Kündigung bearbeiten' }));
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(note.getAttribute('aria-describedby')!)?.textContent).toBe(NOTE_REQUIRED);
    expect(sent).toEqual([]);

    fireEvent.change(note, { target: { value: 'Auf Wunsch der Kundin zum Monatsersten.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kündigung bearbeiten' }));
    await waitFor(() =>
      expect(sent).toEqual([{ action: 'processCancellation', endDate: '2027-06-01', note: 'Auf Wunsch der Kundin zum Monatsersten.', contractNumber: '' }]),
    );
  });

  it('without a matched contract: no computed end, no note, an empty date is refused at the field', () => {
    show(cancellation(null));
    const date = screen.getByLabelText(/^Vertragsende/);
    expect((date as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Kündigung bearbeiten' }));
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(date.getAttribute('aria-describedby')!)?.textContent).toBe('Bitte geben Sie das Vertragsende als gültiges Datum an.');
    expect(screen.queryByRole('textbox', { name: /Begründung/ })).toBeNull();
    expect(sent).toEqual([]);
  });

  it('without a matched contract: the agent may name one; a malformed number is refused at its field', async () => {
    show(cancellation(null));
    fireEvent.change(screen.getByLabelText(/^Vertragsende/), { target: { value: '2027-06-30' } });
    const number = screen.getByRole('textbox', { name: /^Vertragsnummer/ });
    fireEvent.change(number, { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kündigung bearbeiten' }));
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    fireEvent.change(number, { target: { value: 'v-000042' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kündigung bearbeiten' }));
    await waitFor(() => expect(sent).toEqual([{ action: 'processCancellation', endDate: '2027-06-30', note: '', contractNumber: 'v-000042' }]));
  });
});

describe('deciding an extraordinary cancellation in the inbox detail (decision 0054)', () => {
  it('offers the requested end, requires the reason the customer reads, and sends the decision', async () => {
    show(extraordinary());
    expect(screen.queryByRole('button', { name: 'Kündigung bearbeiten' })).toBeNull();
    const date = screen.getByLabelText(/^Vertragsende/) as HTMLInputElement;
    expect(date.value).toBe('2026-12-31');
    expect(screen.getByText('Gewünscht: 31.12.2026')).toBeTruthy();
    // Matched on receipt: nothing to assign.
    expect(screen.queryByRole('textbox', { name: 'Vertragsnummer' })).toBeNull();

    const reason = screen.getByRole('textbox', { name: /Begründung der Entscheidung/ });
    fireEvent.click(screen.getByRole('button', { name: 'Entscheidung senden' }));
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    fireEvent.change(date, { target: { value: '2026-11-23' } });
    fireEvent.change(reason, { target: { value: 'Wichtiger Grund liegt vor.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entscheidung senden' }));
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(date.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe(
      'Das Vertragsende darf nicht vor dem Eingang der Kündigung am 24.11.2026 liegen.',
    );
    expect(sent).toEqual([]);

    fireEvent.change(date, { target: { value: '2026-12-15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entscheidung senden' }));
    await waitFor(() =>
      expect(sent).toEqual([{ action: 'decideCancellation', endDate: '2026-12-15', reason: 'Wichtiger Grund liegt vor.', contractNumber: '' }]),
    );
  });
});
