// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import Testimonials from '../../../src/components/islands/Testimonials.tsx';
import { testimonials, testimonialsNotice } from '../../../src/data/landing.ts';

afterEach(cleanup);

describe('Testimonials', () => {
  it('shows a slide as a group "Folie" around a figure, which keeps its own role (valid HTML: figure with figcaption)', () => {
    render(<Testimonials items={testimonials} notice={testimonialsNotice} />);
    const slider = screen.getByRole('region', { name: 'Stimmen unserer Hosting-Kunden' });
    const slide = within(slider).getByRole('group', { name: `1 von ${testimonials.length}` });
    expect(slide.getAttribute('aria-roledescription')).toBe('Folie');
    const figure = slide.querySelector('figure');
    expect(figure?.hasAttribute('role')).toBe(false);
    expect(figure?.querySelector('figcaption')?.textContent).toContain(testimonials[0]!.author);
  });

  it('moves the group label and the figure on with "Nächste Bewertung"', () => {
    render(<Testimonials items={testimonials} notice={testimonialsNotice} />);
    fireEvent.click(screen.getByRole('button', { name: 'Nächste Bewertung' }));
    const slide = screen.getByRole('group', { name: `2 von ${testimonials.length}` });
    expect(slide.querySelector('figcaption')?.textContent).toContain(testimonials[1]!.author);
  });

  it('renders no role on any figure in the server markup the page is built from', () => {
    const html = renderToStaticMarkup(<Testimonials items={testimonials} notice={testimonialsNotice} />);
    expect(html).toMatch(/<div role="group" aria-roledescription="Folie"[^>]*><figure>/);
    expect(html).not.toMatch(/<figure[^>]*\srole=/);
  });
});
