import type { useFieldIds } from './field.tsx';
import type { useTypedValue } from './use-typed-value.ts';

type Props = {
  ids: ReturnType<typeof useFieldIds>;
  typing: Pick<ReturnType<typeof useTypedValue>, 'text' | 'typed' | 'left'>;
  placeholder: string;
  maxLength: number;
};

/** The text box of a typed date or time: the digits keyboard, no autofill, checked when left. */
export function TypedTextInput({ ids, typing, placeholder, maxLength }: Props) {
  return (
    <input
      id={ids.controlId}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      maxLength={maxLength}
      value={typing.text}
      onChange={(e) => typing.typed(e.target.value)}
      onBlur={typing.left}
      {...ids.aria}
    />
  );
}
