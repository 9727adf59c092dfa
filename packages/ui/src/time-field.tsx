import { looksCompleteTime, parseTimeText } from '@vm/domain/date-text';
import { useTranslation } from 'react-i18next';
import { FieldMessages, useFieldIds } from './field.tsx';
import { TypedTextInput } from './typed-text-input.tsx';
import { useTypedValue } from './use-typed-value.ts';

// The app's own time field (SPEC section 5): 24-hour HH:mm without seconds, whatever language the
// browser speaks. '1730' and '17.30' are read as 17:30. `value` and `onChange` speak 'HH:mm'.

type Props = {
  label: string;
  value: string;
  onChange: (time: string) => void;
  /** A catalogue key or a ready message from the form's rules. */
  error?: string;
  id?: string;
};

export function TimeField({ label, value, onChange, error, id }: Props) {
  const { t } = useTranslation();
  const typing = useTypedValue({
    value,
    onChange,
    parse: parseTimeText,
    toText: (time) => time,
    looksComplete: looksCompleteTime,
    invalid: 'time_format',
    incomplete: 'time_format',
  });
  const shown = typing.errorFor(error);
  const hint = t('picker.timeHint');
  const ids = useFieldIds(id, hint, shown);
  return (
    <div className="field time-field">
      <label htmlFor={ids.controlId}>{label}</label>
      <TypedTextInput ids={ids} typing={typing} placeholder={t('picker.timePlaceholder')} maxLength={5} />
      <FieldMessages hint={hint} error={shown} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}
