import type { Address } from '@vm/domain/address';
import { api } from './api-client.ts';

export const autocomplete = (q: string, signal?: AbortSignal) => api<Address[]>(`/api/geo/autocomplete?q=${encodeURIComponent(q)}`, { signal });
export const reverseGeocode = (lat: number, lng: number) => api<Address | null>(`/api/geo/reverse?lat=${lat}&lng=${lng}`);
export const timezoneOf = (lat: number, lng: number) => api<{ timezone: string }>(`/api/geo/timezone?lat=${lat}&lng=${lng}`);
