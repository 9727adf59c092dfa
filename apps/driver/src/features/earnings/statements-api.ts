import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call, fetchImageUrl, routePath } from '@vm/client/api-client.ts';
import { driverStatementsReadSchema, type DriverStatementsRead } from '@vm/domain/settlement';

// Issue 22: the driver's weekly statements. The list is checked against the domain schema; a PDF
// is fetched with the bearer header (never a token in a link) and handed to the browser as a download.

export const statementsKeys = { all: ['driver', 'statements'] as const };

export const statementsQuery = queryOptions({
  queryKey: statementsKeys.all,
  queryFn: async ({ signal }): Promise<DriverStatementsRead> => driverStatementsReadSchema.parse(await call('GET /api/driver/statements', { signal })),
});

export const useStatements = () => useQuery(statementsQuery);

/** Where a week's PDF is (the link's own address, for a browser that opens it itself). */
export const statementPath = (week: string) => routePath('/api/driver/statements/:week.pdf', { week });

/** Downloads a week's statement as `statement-<week>.pdf`. */
export const useDownloadStatement = () =>
  useMutation({
    mutationFn: async (week: string) => {
      const url = await fetchImageUrl(statementPath(week));
      const a = document.createElement('a');
      a.href = url;
      a.download = `statement-${week}.pdf`;
      document.body.append(a);
      a.click();
      a.remove();
      // Long enough for the browser to start saving it.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
