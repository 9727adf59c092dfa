import { localeTag } from '@vm/client/locale.ts';
import { formatEuro } from '@vm/domain/insurance';

/** Euros with 2 decimals on the wire, in the app's language; the domain formats cents. */
export const euro = (euros: number) => formatEuro(Math.round(euros * 100), localeTag());
