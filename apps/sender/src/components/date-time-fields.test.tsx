import { cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-render.tsx';
import { DateField } from '@vm/ui/date-field.tsx';
import { TimeField } from '@vm/ui/time-field.tsx';

afterEach(cleanup);
// Typing and the calendar take a while on a busy machine; the default 5 s is too tight there.
vi.setConfig({ testTimeout: 30_000 });

// The wizard's own date and time fields (SPEC sections 5 and 9): DD/MM/YYYY and 24-hour HH:mm,
// typed, whatever language the browser speaks. Each field here keeps what it was given, as the wizard does.
function Dates({ error, initial = '' }: { error?: (iso: string) => string | undefined; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField label="Van datum" value={value} today="2026-11-23" min="2026-11-23" onChange={setValue} error={error?.(value)} />
      <output data-testid="value">{value}</output>
    </>
  );
}
function Times() {
  const [value, setValue] = useState('');
  return (
    <>
      <TimeField label="Van" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}
const value = () => screen.getByTestId('value').textContent;

describe('the date field', () => {
  it('is a labelled text box with its format, not the browser’s date input', () => {
    renderWithProviders(<Dates />);
    const box = screen.getByRole('textbox', { name: 'Van datum' });
    expect(box).toHaveAttribute('type', 'text');
    expect(box).toHaveAttribute('placeholder', 'DD/MM/JJJJ');
    expect(box).toHaveAccessibleDescription('Dag/maand/jaar, bv. 05/12/2026');
  });

  it('takes 05/12/2026 as 5 December 2026, also typed as 5-12-2026 or 05122026', async () => {
    const { user } = renderWithProviders(<Dates />);
    const box = screen.getByRole('textbox', { name: 'Van datum' });
    await user.type(box, '05/12/2026');
    expect(value()).toBe('2026-12-05');
    await user.clear(box);
    expect(value()).toBe('');
    await user.type(box, '6-12-2026');
    await user.tab();
    expect(value()).toBe('2026-12-06');
    expect(box).toHaveValue('06/12/2026');
    await user.clear(box);
    await user.type(box, '07122026');
    expect(value()).toBe('2026-12-07');
  });

  it('says at the field when a date is no date or not written out', async () => {
    const { user } = renderWithProviders(<Dates />);
    const box = screen.getByRole('textbox', { name: 'Van datum' });
    await user.type(box, '31/02/2026');
    expect(screen.getByText('Deze datum is ongeldig.')).toBeVisible();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(value()).toBe('');
    await user.clear(box);
    await user.type(box, '5/12');
    await user.tab();
    expect(screen.getByText('Vul de datum in als DD/MM/JJJJ, bijvoorbeeld 05/12/2026.')).toBeVisible();
  });

  it("shows the form's rule for the date as soon as it is entered", async () => {
    const { user } = renderWithProviders(<Dates error={(iso) => (iso && iso < '2026-11-23' ? 'date_in_past' : undefined)} />);
    await user.type(screen.getByRole('textbox', { name: 'Van datum' }), '20/11/2026');
    expect(screen.getByText('De gekozen datum moet in de toekomst liggen.')).toBeVisible();
  });

  it('has a calendar of day buttons, moved through with the arrow keys', async () => {
    const { user } = renderWithProviders(<Dates initial="2026-12-05" />);
    await user.click(screen.getByRole('button', { name: 'Kalender voor Van datum' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent(/december 2026/);
    const chosen = screen.getByRole('button', { name: 'zaterdag 5 december 2026' });
    expect(chosen).toHaveFocus();
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'zondag 13 december 2026' })).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(screen.getByRole('button', { name: 'woensdag 13 januari 2027' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(value()).toBe('2027-01-13');
    expect(screen.getByRole('textbox', { name: 'Van datum' })).toHaveValue('13/01/2027');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Kalender voor Van datum' })).toHaveFocus();
  });

  it('does not let a day before the first possible one be picked, and closes on Escape', async () => {
    const { user } = renderWithProviders(<Dates />);
    await user.click(screen.getByRole('button', { name: 'Kalender voor Van datum' }));
    expect(screen.getByRole('button', { name: 'maandag 23 november 2026' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    const past = screen.getByRole('button', { name: 'zondag 22 november 2026' });
    expect(past).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(value()).toBe('');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the time field', () => {
  it('takes 1730 as 17:30, on a 24-hour clock', async () => {
    const { user } = renderWithProviders(<Times />);
    const box = screen.getByRole('textbox', { name: 'Van' });
    expect(box).toHaveAttribute('placeholder', 'UU:MM');
    await user.type(box, '1730');
    expect(value()).toBe('17:30');
    await user.tab();
    expect(box).toHaveValue('17:30');
    await user.clear(box);
    await user.type(box, '9');
    await user.tab();
    expect(box).toHaveValue('09:00');
    expect(value()).toBe('09:00');
  });

  it('says at the field when an hour does not exist', async () => {
    const { user } = renderWithProviders(<Times />);
    const box = screen.getByRole('textbox', { name: 'Van' });
    await user.type(box, '25:30');
    expect(screen.getByText('Vul het uur in als UU:MM (24 uur), bijvoorbeeld 17:30.')).toBeVisible();
    expect(value()).toBe('');
    await user.clear(box);
    await user.type(box, '5pm');
    await user.tab();
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });
});
