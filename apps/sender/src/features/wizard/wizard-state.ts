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
  /** The stored package this item shows, when the wizard changes a job. */
  packageId?: number;
};

/** The job the wizard is changing (issue 20: change before acceptance), as it was when opened. */
export type EditingJob = {
  id: number;
  reference: string;
  insurance: InsuranceChoice;
  /** The booked windows: a window left as it was is not judged again (its start may have passed). */
  windows: Record<'pickup' | 'delivery', { from: number; till: number }>;
  /** The fixed type's stored package. */
  packageId: number | null;
  openOffers: number;
};

export type WizardState = {
  step: number;
  type: WizardType | null;
  description: string;
  items: CustomItem[];
  pickup: SideState;
  delivery: SideState;
  insurance: InsuranceChoice;
  editing: EditingJob | null;
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

export const initialWizard = (): WizardState => ({ step: 1, type: null, description: '', items: [], pickup: emptySide(), delivery: emptySide(), insurance: 'cmr', editing: null });

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

/** A draft made elsewhere ("Book again"), in place of the one being written. */
export function openDraft(draft: WizardState): void {
  setWizard(() => draft);
}

// Changing a job uses the wizard too; a booking being written waits aside meanwhile and comes back
// when the change is saved or given up.
const STASH = 'vm.wizard.stash';

export function startEditing(draft: WizardState): void {
  if (!current.editing) localStorage.setItem(STASH, JSON.stringify(current));
  setWizard(() => draft);
}

export function stopEditing(): void {
  const stashed = localStorage.getItem(STASH);
  localStorage.removeItem(STASH);
  let back = initialWizard();
  try {
    if (stashed) back = { ...back, ...(JSON.parse(stashed) as WizardState), editing: null };
  } catch {
    // A stash that cannot be read is an empty booking.
  }
  setWizard(() => back);
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
