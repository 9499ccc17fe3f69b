// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { FormEvent } from 'react';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KitForm } from '../../../../src/components/forms/ErrorSummary.tsx';
import { Checkbox, RadioGroup, TextField } from '../../../../src/components/forms/Fields.tsx';
import { useFormFields } from '../../../../src/components/forms/useFormFields.ts';
import type { PostedForm } from '../../../../src/lib/forms/posted-form.ts';
import { INVALID_INPUT } from '../../../../src/lib/schemas/issues.ts';

afterEach(cleanup);

const Schema = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('Bitte geben Sie Ihren Namen an.')),
  size: v.picklist(['s', 'l'], 'Bitte wählen Sie eine Größe.'),
  agreed: v.literal(true, 'Bitte bestätigen Sie.'),
});
// Keys in another order than the form shows them: the summary follows the form.
const EMPTY = { agreed: false, size: '', name: '' };

interface Props {
  posted?: Pick<PostedForm, 'values' | 'errors' | 'refusal'>;
  onSubmit?: (form: ReturnType<typeof useFormFields<typeof Schema, typeof EMPTY>>) => void;
}

let scrolled: Element[] = [];
beforeEach(() => {
  scrolled = [];
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});

function Form({ posted, onSubmit }: Props) {
  const form = useFormFields('t', Schema, EMPTY, { posted, targetOf: (key) => (key === 'cart' ? 't-cart' : undefined) });
  return (
    <KitForm
      summary={form.summary}
      aria-label="Testformular"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (onSubmit) onSubmit(form);
        else form.touchAll();
      }}
    >
      <TextField form={form} field="name" label="Name" required />
      <RadioGroup form={form} field="size" legend="Größe" options={[{ value: 's', label: 'Klein' }, { value: 'l', label: 'Groß' }]} />
      <Checkbox form={form} field="agreed">
        Einverstanden
      </Checkbox>
      <div id="t-cart" tabIndex={-1}>
        Warenkorb
      </div>
      <button type="submit">Senden</button>
    </KitForm>
  );
}

const summaryOf = () => screen.getByRole('alert');
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Senden' }));

describe('error summary', () => {
  it('stays away until a send fails', () => {
    render(<Form />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: ' ' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Bitte geben Sie Ihren Namen an.')).toBeTruthy();
  });

  it('after a failed send stands first in the form, takes the focus, scrolls into view and links each error in the order of the form', () => {
    render(<Form />);
    send();
    const summary = summaryOf();
    expect(summary.parentElement?.firstElementChild).toBe(summary);
    expect(document.activeElement).toBe(summary);
    expect(summary.getAttribute('tabindex')).toBe('-1');
    expect(scrolled).toContain(summary);
    expect(within(summary).getByRole('heading', { level: 2 }).textContent).toBe(INVALID_INPUT);
    expect(summary.getAttribute('aria-labelledby')).toBe(within(summary).getByRole('heading').id);
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Bitte geben Sie Ihren Namen an.', '#t-name'],
      ['Bitte wählen Sie eine Größe.', '#t-size'],
      ['Bitte bestätigen Sie.', '#t-agreed'],
    ]);
    // The field errors stay where they were.
    expect(document.getElementById('t-name-error')?.textContent).toBe('Bitte geben Sie Ihren Namen an.');
  });

  it('leads a link to its control and shows its label or the legend of its group', () => {
    render(<Form />);
    send();
    fireEvent.click(within(summaryOf()).getByRole('link', { name: 'Bitte geben Sie Ihren Namen an.' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
    expect(scrolled.at(-1)?.textContent).toContain('Name');
    expect(scrolled.at(-1)?.tagName).toBe('LABEL');
    fireEvent.click(within(summaryOf()).getByRole('link', { name: 'Bitte wählen Sie eine Größe.' }));
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Klein' }));
    expect(scrolled.at(-1)?.tagName).toBe('LEGEND');
  });

  it('shrinks as the fields are fixed, goes when all are, and takes the focus again only with the next failed send', () => {
    render(<Form />);
    send();
    const name = screen.getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Erika' } });
    expect(within(summaryOf()).getAllByRole('link')).toHaveLength(2);
    fireEvent.click(screen.getByRole('radio', { name: 'Groß' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Einverstanden' }));
    expect(screen.queryByRole('alert')).toBeNull();

    // A new error while typing shows again, but leaves the focus in the field being typed in.
    name.focus();
    fireEvent.change(name, { target: { value: '' } });
    expect(within(summaryOf()).getAllByRole('link')).toHaveLength(1);
    expect(document.activeElement).toBe(name);

    send();
    expect(document.activeElement).toBe(summaryOf());
  });

  it("lists the server's field errors, the code field's and those of no field", () => {
    render(
      <Form
        onSubmit={(form) =>
          form.refuse({ name: 'Dieser Name ist vergeben.', captcha: 'Der Sicherheitscode ist falsch.', cart: 'Ein Artikel ist ausverkauft.', '': 'Etwas anderes.' })
        }
      />,
    );
    send();
    const summary = summaryOf();
    expect(document.activeElement).toBe(summary);
    const links = within(summary).getAllByRole('link');
    // The form shows no code field here: that line is plain text, like the one of no field at all.
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['#t-name', '#t-size', '#t-agreed', '#t-cart']);
    expect(summary.textContent).toContain('Der Sicherheitscode ist falsch.');
    expect(summary.textContent).toContain('Etwas anderes.');
  });

  it('renders the refused post the server answers without JavaScript, with its heading and links, and takes no focus', () => {
    render(<Form posted={{ values: { name: '' }, errors: { name: 'Name fehlt.' }, refusal: 'Der Sicherheitscode ist falsch.' }} />);
    const summary = summaryOf();
    expect(within(summary).getByRole('heading').textContent).toBe('Der Sicherheitscode ist falsch.');
    expect(within(summary).getByRole('link', { name: 'Bitte geben Sie Ihren Namen an.' }).getAttribute('href')).toBe('#t-name');
    expect(document.activeElement).not.toBe(summary);
  });

  it('scrolls without motion when the visitor asks for less', () => {
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ matches: query.includes('reduce') }) as MediaQueryList);
    const calls: ScrollIntoViewOptions[] = [];
    Element.prototype.scrollIntoView = vi.fn((options?: boolean | ScrollIntoViewOptions) => void calls.push(options as ScrollIntoViewOptions));
    render(<Form />);
    send();
    expect(calls.at(-1)).toEqual({ block: 'start', behavior: 'instant' });
    matchMedia.mockRestore();
    act(() => undefined);
  });
});
