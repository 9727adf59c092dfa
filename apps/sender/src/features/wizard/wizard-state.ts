import type { Address } from '@vm/domain/address';
import type { InsuranceChoice } from '@vm/domain/insurance';
import type { PalletType, PackageTag, WizardType } from '@vm/domain/packages';
import type { DayChoice, TimeChoice } from '@vm/domain/time-windows';
import { useSyncExternalStore } from 'react';

// The wizard's form state (SPEC section 3), kept in local storage so that a reload or the
// Register detour loses nothing. Photos are files and live only in memory (photo-store.ts).

export type SideState = {
  isBusiness: '0' | '1';
  companyName: string;
  addressText: string;
  address: Address | null;
  timezone: string;
  day: DayChoice | null;
  dateFrom: string;
  dateTill: string;
  time: TimeChoice | null;
  timeFrom: string;
  timeTill: string;
  instructions: string;
};

export type CustomItem = {
  id: string;
  type: 'boxed' | 'pallet' | 'unboxed';
  width: string;
  height: string;
  length: string;
  weight: string;
  description: string;
  tags: PackageTag[];
  palletType: PalletType;
  mustBeTraded: boolean;
};

export type WizardState = {
  step: number;
  type: WizardType | null;
  description: string;
  items: CustomItem[];
  pickup: SideState;
  delivery: SideState;
  insurance: InsuranceChoice;
};

export const STEPS = ['type', 'info', 'pickup', 'delivery', 'price', 'insurance'] as const;

const emptySide = (): SideState => ({
  isBusiness: '0',
  companyName: '',
  addressText: '',
  address: null,
  timezone: 'Europe/Brussels',
  day: null,
  dateFrom: '',
  dateTill: '',
  time: null,
  timeFrom: '',
  timeTill: '',
  instructions: '',
});

export const initialWizard = (): WizardState => ({ step: 1, type: null, description: '', items: [], pickup: emptySide(), delivery: emptySide(), insurance: 'cmr' });

const KEY = 'vm.wizard';
const listeners = new Set<() => void>();
let current: WizardState = load();

function load(): WizardState {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? { ...initialWizard(), ...(JSON.parse(raw) as WizardState) } : initialWizard();
  } catch {
    return initialWizard();
  }
}

export function setWizard(update: (s: WizardState) => WizardState): void {
  current = update(current);
  localStorage.setItem(KEY, JSON.stringify(current));
  for (const l of listeners) l();
}

export function resetWizard(): void {
  current = initialWizard();
  localStorage.removeItem(KEY);
  for (const l of listeners) l();
}

export function useWizard(): WizardState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
