import { nlCore } from './nl-core.ts';
import { nlScreens } from './nl-screens.ts';

// Dutch, the product language: complete. Split in two files so that the login route loads only
// the texts it shows; validation texts come from the shared catalogue.
export const nl = { ...nlCore, ...nlScreens };

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Translations = Widen<typeof nl>;
/** The first-paint part and the rest, the shapes another language's two files follow. */
export type CoreTranslations = Widen<typeof nlCore>;
export type ScreenTranslations = Widen<typeof nlScreens>;
