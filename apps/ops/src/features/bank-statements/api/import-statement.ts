import { useMutation } from '@tanstack/react-query';
import { opsCall } from '../../../lib/ops-api.ts';

// Issue 22: finance staff import the bank's CAMT.053 statement; the server matches each credit to an
// invoice by its structured communication and says what it did. Importing the same file again
// changes nothing (its credits come back as already imported).

/** The statement file under the multipart part `statement`, as the route expects. */
export const importStatement = (file: File) => {
  const form = new FormData();
  form.append('statement', file, file.name);
  return opsCall('POST /api/ops/bank-statements', { form });
};

export const useImportStatement = () => useMutation({ mutationFn: importStatement });
