import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export const COUNTRIES = ['BE', 'NL', 'LU', 'FR', 'DE'] as const;

type Props = { label: string; value: string; onChange: (e: { target: { value: string } }) => void };

/** The country of an address: Belgium and its neighbours, by ISO code. */
export function CountrySelect({ label, value, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={onChange}>
        {COUNTRIES.map((c) => (
          <option key={c} value={c}>
            {t(`countries.${c}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
