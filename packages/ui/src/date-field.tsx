import { dateToText, looksCompleteDate, parseDateText } from '@vm/domain/date-text';
import { addDays, weekdayOf } from '@vm/domain/zoned-time';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldMessages, useFieldIds } from './field.tsx';
import { TypedTextInput } from './typed-text-input.tsx';
import { useTypedValue } from './use-typed-value.ts';
import { localeTag } from '@vm/client/locale.ts';

// The app's own date field (SPEC sections 5 and 9): typed as DD/MM/YYYY whatever language the
// browser speaks, with a calendar of buttons for those who prefer to point or use arrow keys.
// `value` and `onChange` speak 'YYYY-MM-DD' ('' while nothing valid is entered).

type Props = {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  /** A catalogue key or a ready message from the form's rules (past, reversed, ...). */
  error?: string;
  /** Days before this one are not offered in the calendar ('YYYY-MM-DD'). */
  min?: string;
  /** The day the calendar opens on when nothing is chosen ('YYYY-MM-DD'). */
  today: string;
  id?: string;
};

const monthStart = (iso: string) => `${iso.slice(0, 7)}-01`;
const addMonths = (iso: string, n: number) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${first.toISOString().slice(0, 8)}${String(Math.min(d, last)).padStart(2, '0')}`;
};

export function DateField({ label, value, onChange, error, min, today, id }: Props) {
  const { t } = useTranslation();
  const typing = useTypedValue({
    value,
    onChange,
    parse: parseDateText,
    toText: dateToText,
    looksComplete: looksCompleteDate,
    invalid: 'date_invalid',
    incomplete: 'date_format',
  });
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const shown = typing.errorFor(error);
  const hint = t('picker.dateHint');
  const ids = useFieldIds(id, hint, shown);
  return (
    <div className="field date-field">
      <label htmlFor={ids.controlId}>{label}</label>
      <div className="date-anchor">
        <div className="field-row">
          <TypedTextInput ids={ids} typing={typing} placeholder={t('picker.datePlaceholder')} maxLength={10} />
          <button
            ref={toggleRef}
            type="button"
            className="button button-ghost date-toggle"
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-label={t('picker.openCalendar', { label })}
            onClick={() => setOpen((o) => !o)}
          >
            <CalendarIcon />
          </button>
        </div>
        {open && (
          <Calendar
            label={label}
            locale={localeTag()}
            value={typing.parsed ?? value}
            today={today}
            min={min}
            onPick={(iso) => {
              typing.chose(iso);
              setOpen(false);
              toggleRef.current?.focus();
            }}
            onClose={() => {
              setOpen(false);
              toggleRef.current?.focus();
            }}
          />
        )}
      </div>
      <FieldMessages hint={hint} error={shown} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

type CalendarProps = { label: string; locale: string; value: string; today: string; min?: string; onPick: (iso: string) => void; onClose: () => void };

/** A month of day buttons: arrow keys move a day or a week, Page Up/Down a month, Home/End the week, Escape closes. */
function Calendar({ label, locale, value, today, min, onPick, onClose }: CalendarProps) {
  const { t } = useTranslation();
  const [focus, setFocus] = useState(() => value || (min && min > today ? min : today));
  const gridRef = useRef<HTMLTableElement>(null);
  const titleId = useId();

  useEffect(() => {
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${focus}"]`)?.focus();
    // Opening moves focus to the chosen (or first possible) day; arrow keys move it on.
  }, [focus]);

  const first = monthStart(focus);
  const gridStart = addDays(first, 1 - weekdayOf(first));
  const weeks = Array.from({ length: 6 }, (_, w) => Array.from({ length: 7 }, (_, d) => addDays(gridStart, w * 7 + d)));
  const utc = (iso: string) => Date.parse(`${iso}T12:00:00Z`);
  const monthTitle = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utc(first));
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const dayName = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const disabled = (iso: string) => Boolean(min && iso < min);

  function key(e: KeyboardEvent) {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focus, -1),
      ArrowRight: () => addDays(focus, 1),
      ArrowUp: () => addDays(focus, -7),
      ArrowDown: () => addDays(focus, 7),
      PageUp: () => addMonths(focus, -1),
      PageDown: () => addMonths(focus, 1),
      Home: () => addDays(focus, 1 - weekdayOf(focus)),
      End: () => addDays(focus, 7 - weekdayOf(focus)),
    };
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
      return;
    }
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    setFocus(move());
  }

  return (
    <div className="calendar" role="dialog" aria-modal="false" aria-labelledby={titleId} onKeyDown={key}>
      <div className="calendar-head">
        <button type="button" className="button button-ghost button-small" aria-label={t('picker.prevMonth')} onClick={() => setFocus(addMonths(focus, -1))}>
          ‹
        </button>
        <p id={titleId} className="calendar-title" aria-live="polite">
          <span className="visually-hidden">{label}: </span>
          {monthTitle}
        </p>
        <button type="button" className="button button-ghost button-small" aria-label={t('picker.nextMonth')} onClick={() => setFocus(addMonths(focus, 1))}>
          ›
        </button>
      </div>
      <table ref={gridRef} className="calendar-grid">
        <thead>
          <tr>
            {weeks[0]!.map((d) => (
              <th key={d} scope="col" abbr={new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(utc(d))}>
                {weekday.format(utc(d))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((d) => {
                const off = d.slice(0, 7) !== first.slice(0, 7);
                return (
                  <td key={d}>
                    <button
                      type="button"
                      data-date={d}
                      tabIndex={d === focus ? 0 : -1}
                      className={['calendar-day', off ? 'calendar-other' : '', d === value ? 'calendar-selected' : '', d === today ? 'calendar-today' : ''].filter(Boolean).join(' ')}
                      aria-label={dayName.format(utc(d))}
                      aria-pressed={d === value}
                      aria-current={d === today ? 'date' : undefined}
                      aria-disabled={disabled(d) || undefined}
                      onClick={() => (disabled(d) ? setFocus(d) : onPick(d))}
                    >
                      {Number(d.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="field-hint">{t('picker.calendarKeys')}</p>
    </div>
  );
}
