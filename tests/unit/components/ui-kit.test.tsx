// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Alert } from '../../../src/components/ui/Alert.tsx';
import { Button } from '../../../src/components/ui/Button.tsx';
import { buttonClass } from '../../../src/components/ui/classes.ts';
import { Checkbox } from '../../../src/components/ui/Checkbox.tsx';
import { DataTable } from '../../../src/components/ui/DataTable.tsx';
import { PriceTag } from '../../../src/components/ui/PriceTag.tsx';
import { Select } from '../../../src/components/ui/Select.tsx';
import { TextInput } from '../../../src/components/ui/TextInput.tsx';

afterEach(cleanup);

/** The ids a control's aria-describedby names, resolved to their texts. */
function descriptions(element: HTMLElement): string[] {
  return (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`);
}

describe('Button', () => {
  it('while pending is disabled and busy, shows a spinner and keeps its label', () => {
    let clicks = 0;
    const { rerender } = render(<Button onClick={() => clicks++}>Bestellung absenden</Button>);
    const button = screen.getByRole('button', { name: 'Bestellung absenden' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-busy')).toBeNull();
    fireEvent.click(button);
    expect(clicks).toBe(1);

    rerender(<Button onClick={() => clicks++} pending>Bestellung absenden</Button>);
    const pending = screen.getByRole('button', { name: 'Bestellung absenden' });
    expect(pending.hasAttribute('disabled')).toBe(true);
    expect(pending.getAttribute('aria-busy')).toBe('true');
    expect(pending.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    // The spinner turns only where motion is welcome.
    expect(pending.querySelector('svg')?.getAttribute('class')).toContain('motion-safe:animate-spin');
    fireEvent.click(pending);
    expect(clicks).toBe(1);
  });

  it('with href is a link styled as the variant, not a button', () => {
    render(
      <Button href="/checkout" variant="secondary">
        Zur Kasse
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Zur Kasse' });
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/checkout');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('renders to plain HTML without a client, as an .astro page renders it', () => {
    const html = renderToStaticMarkup(<Button type="submit" variant="danger" pending>Löschen</Button>);
    expect(html).toMatch(/^<button[^>]*type="submit"[^>]*disabled=""[^>]*aria-busy="true"/);
    expect(html).toContain('Löschen');
  });

  it('takes the full width always (block) or only on phones, where a pair of calls to action stacks', () => {
    const classes = (look: Parameters<typeof buttonClass>[0]) => buttonClass(look).split(' ');
    expect(classes({ block: true })).toContain('w-full');
    expect(classes({ block: 'phone' })).toContain('max-sm:w-full');
    expect(classes({ block: 'phone' })).not.toContain('w-full');
    expect(classes({}).some((c) => c.endsWith('w-full'))).toBe(false);
  });
});

describe('fields', () => {
  it('TextInput with an error is invalid and described by its hint and the message', () => {
    const { rerender } = render(<TextInput id="email" label="E-Mail" hint="Wir antworten an diese Adresse." required value="" onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'E-Mail' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(descriptions(input)).toEqual(['Wir antworten an diese Adresse.']);

    rerender(<TextInput id="email" label="E-Mail" hint="Wir antworten an diese Adresse." required error="Bitte geben Sie Ihre E-Mail-Adresse an." value="" onChange={() => {}} />);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(descriptions(input)).toEqual(['Wir antworten an diese Adresse.', 'Bitte geben Sie Ihre E-Mail-Adresse an.']);
    expect(input.hasAttribute('required')).toBe(true);
  });

  it('Select and Checkbox wire their errors the same way', () => {
    render(
      <>
        <Select id="land" label="Land" placeholder="Bitte wählen" options={[{ value: 'DE', label: 'Deutschland' }]} error="Bitte wählen Sie ein Land." value="" onChange={() => {}} />
        <Checkbox id="agb" error="Bitte stimmen Sie den AGB zu." checked={false} onChange={() => {}}>
          Ich stimme den AGB zu
        </Checkbox>
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Land' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(descriptions(select)).toEqual(['Bitte wählen Sie ein Land.']);
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Bitte wählen', 'Deutschland']);
    const box = screen.getByRole('checkbox', { name: 'Ich stimme den AGB zu' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(descriptions(box)).toEqual(['Bitte stimmen Sie den AGB zu.']);
  });
});

describe('DataTable', () => {
  const rows = [
    { number: 'V-1', service: 'Hosting', price: '59,50 €' },
    { number: 'V-2', service: 'Wartung', price: '119,00 €' },
  ];
  it('names itself, heads its columns and rows with scope, and labels each cell for the stacked view', () => {
    render(
      <DataTable
        caption="Ihre Verträge"
        rows={rows}
        rowKey={(row) => row.number}
        columns={[
          { header: 'Vertrag', rowHeader: true, cell: (row) => row.number },
          { header: 'Leistung', cell: (row) => row.service },
          { header: 'Preis', numeric: true, cell: (row) => row.price },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Ihre Verträge' });
    const heads = within(table).getAllByRole('columnheader');
    expect(heads.map((th) => [th.textContent, th.getAttribute('scope')])).toEqual([
      ['Vertrag', 'col'],
      ['Leistung', 'col'],
      ['Preis', 'col'],
    ]);
    const rowHeads = within(table).getAllByRole('rowheader');
    expect(rowHeads.map((th) => [th.textContent, th.getAttribute('scope')])).toEqual([
      ['V-1', 'row'],
      ['V-2', 'row'],
    ]);
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((td) => td.getAttribute('data-label'))).toEqual(['Leistung', 'Preis', 'Leistung', 'Preis']);
  });
});

describe('PriceTag', () => {
  it('shows a consumer the gross price first with the VAT it includes', () => {
    render(<PriceTag grossCents={9520} unit="hour" />);
    const tag = screen.getByText('95,20 €').parentElement;
    expect(tag?.textContent?.replace(/\s+/g, ' ')).toBe('95,20 € pro Stunde inkl. 19 % USt.');
  });

  it('shows a business the net price with the VAT added, then the gross sum', () => {
    render(<PriceTag grossCents={9520} unit="month" display="net" />);
    const tag = screen.getByText('80,00 € netto').parentElement;
    expect(tag?.textContent?.replace(/\s+/g, ' ')).toBe('80,00 € netto pro Monat zzgl. 19 % USt. 95,20 € brutto');
  });

  it('adds the net price for businesses below a gross one, as the price list does', () => {
    render(<PriceTag grossCents={9520} netCents={8000} unit="once" withNet />);
    expect(screen.getByText('95,20 €').parentElement?.textContent?.replace(/\s+/g, ' ')).toBe('95,20 € einmalig inkl. 19 % USt. netto 80,00 € zzgl. 19 % USt.');
  });
});

describe('Alert', () => {
  it('interrupts for an error, waits for a pause for a success, and stays quiet as a standing notice', () => {
    render(
      <>
        <Alert tone="error" title="Nicht gesendet">Bitte versuchen Sie es erneut.</Alert>
        <Alert tone="success">Gespeichert.</Alert>
        <Alert tone="warning" title="Hinweis" titleLevel={2}>Ihre E-Mail-Adresse ist noch nicht bestätigt.</Alert>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Nicht gesendetBitte versuchen Sie es erneut.');
    expect(screen.getByRole('status').textContent).toBe('Gespeichert.');
    expect(screen.getByRole('heading', { level: 2, name: 'Hinweis' }).closest('[role]')).toBeNull();
  });
});
