import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { importDirection } from './import-direction.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

// The server's boundaries; the rule resolves each import against the importing file's path.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (file) => path.join(root, 'apps/server', file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });

tester.run('import-direction (server)', importDirection, {
  valid: [
    // The build imports src; the server's own files import each other.
    { filename: at('scripts/extract-basemap.ts'), code: "import { BASEMAP_FILE } from '../src/geo-data/generated-data.ts';" },
    { filename: at('src/app.ts'), code: "import { BASEMAP_FILE } from './geo-data/generated-data.ts';" },
    // A module's own repository, and another module's service.
    { filename: at('src/modules/payments/payments.service.ts'), code: "import { type PaymentsRepository } from './payments.repository.ts';" },
    { filename: at('src/modules/payments/payments.service.ts'), code: "import type { UsersService } from '../users/users.service.ts';" },
    // The composition root wires every repository and every concrete adapter.
    { filename: at('src/services.ts'), code: "import { usersRepository } from './modules/users/users.repository.ts';" },
    { filename: at('src/adapters/select-adapters.ts'), code: "import { sandboxPaymentProvider } from './payments/sandbox-payment-provider.ts';" },
    // A service sees an adapter through its port only.
    { filename: at('src/modules/payments/payments.service.ts'), code: "import { CardError } from '../../adapters/payments/payment-provider.ts';" },
    { filename: at('src/modules/shipments/shipments.service.ts'), code: "import type { Router } from '../../adapters/geo/geo.ts';" },
    { filename: at('src/modules/files/files.service.ts'), code: "import type { FileStore } from '../../adapters/storage/file-store.ts';" },
  ],
  invalid: [
    {
      filename: at('src/app.ts'),
      code: "import { BASEMAP_FILE } from '../scripts/extract-basemap.ts';",
      errors: [{ message: 'server src never imports scripts; move what both need into src: ../scripts/extract-basemap.ts' }],
    },
    {
      filename: at('src/modules/tracking/place-names.ts'),
      code: "const m = await import('../../../scripts/generated-data.ts');",
      errors: [{ messageId: 'wrong' }],
    },
    {
      filename: at('src/modules/payments/payments.repository.ts'),
      code: "import { isUniqueViolation } from '../users/users.repository.ts';",
      errors: [{ message: "a module never imports another module's repository; use its service: ../users/users.repository.ts" }],
    },
    {
      filename: at('src/modules/shipments/shipments.service.ts'),
      code: "export { type PaymentsRepository } from '../payments/payments.repository.ts';",
      errors: [{ messageId: 'wrong' }],
    },
    {
      filename: at('src/modules/payments/payments.service.ts'),
      code: "import type { SandboxPaymentProvider } from '../../adapters/payments/sandbox-payment-provider.ts';",
      errors: [{ message: 'a service never imports a concrete adapter; import its port: ../../adapters/payments/sandbox-payment-provider.ts' }],
    },
    {
      filename: at('src/modules/files/files.service.ts'),
      code: "import { localFileStore } from '../../adapters/storage/local-file-store.ts';",
      errors: [{ messageId: 'wrong' }],
    },
  ],
});
