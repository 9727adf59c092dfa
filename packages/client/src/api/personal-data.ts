import type { DeleteAccountInput } from '@vm/domain/privacy';
import { useMutation } from '@tanstack/react-query';
import { call } from '../api-client.ts';
import { downloadUrl, freshAccessToken } from './get-invoices.ts';

// Issue 23 part 4 (decision 0035): the signed-in user's data as one ZIP, and deleting the account.
// Shared by the sender and driver apps.

export const DATA_EXPORT_PATH = '/api/user/data-export';

/** Starts the ZIP's download as a plain link (the token rides in ?access_token=, renewed first when it has expired). */
export async function downloadDataExport(doc: Document = document): Promise<void> {
  const token = await freshAccessToken();
  const a = doc.createElement('a');
  a.href = downloadUrl(DATA_EXPORT_PATH, token);
  a.download = 'vrachtmarkt-data.zip';
  a.rel = 'noopener';
  doc.body.append(a);
  a.click();
  a.remove();
}

export const deleteAccount = (body: DeleteAccountInput) => call('POST /api/user/delete', { body });

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
