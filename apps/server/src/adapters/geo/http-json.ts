/** GET a provider's JSON with a timeout; a non-2xx answer is an error with the provider's name. */
export async function getJson<T>(provider: string, url: string, fetchImpl: typeof fetch, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetchImpl(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(8_000) });
  if (!res.ok) throw new Error(`${provider} answered ${res.status}`);
  return (await res.json()) as T;
}
