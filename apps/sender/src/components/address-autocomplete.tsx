import type { Address } from '@vm/domain/address';
import { AddressAutocomplete as SharedAddressAutocomplete } from '@vm/ui/address-autocomplete.tsx';
import { useTranslation } from 'react-i18next';
import { validationText } from '../lib/i18n.ts';

/** An address the sender used before, offered above the geocoder's suggestions. */
export type RememberedAddress = { address: Address; label: string };

type Props = {
  label: string;
  text: string;
  onText: (t: string) => void;
  onPick: (a: Address) => void;
  error?: string;
  /** The text is an address picked from the list; by default, the text last picked in this field. */
  picked?: boolean;
  /** Earlier addresses that fit the text (the caller filters them), shown first, also before anything is typed. */
  remembered?: RememberedAddress[];
  onPickRemembered?: (index: number) => void;
};

/** The shared address combobox (packages/ui) with the sender app's words; the error is a message key. */
export function AddressAutocomplete({ error, ...props }: Props) {
  const { t } = useTranslation();
  return (
    <SharedAddressAutocomplete
      {...props}
      error={error ? validationText(error) : undefined}
      texts={{ suggestions: t('wizard.suggestions'), noSuggestions: t('wizard.noSuggestions'), hint: t('wizard.addressHint'), usedBefore: t('booking.usedBefore'), locality: t('wizard.precisionLocality') }}
    />
  );
}
