import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { importDirection } from './import-direction.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve(import.meta.dirname, '..');
const at = (file) => path.join(root, file);
const tester = new RuleTester();

tester.run('import-direction', importDirection, {
  valid: [
    { filename: at('apps/driver/src/main.tsx'), code: "import { queryClient } from '@vm/client/query-client.ts';" },
    { filename: at('apps/ops/src/main.tsx'), code: "import { Field } from '@vm/ui/field.tsx';" },
    { filename: at('apps/sender/src/main.tsx'), code: "import { router } from './app/router.tsx';" },
    { filename: at('packages/ui/src/field.tsx'), code: "import { validationText } from '@vm/client/i18n.ts';" },
    { filename: at('packages/client/src/session.ts'), code: "import { userReadSchema } from '@vm/domain/user';" },
    { filename: at('apps/sender/src/features/jobs/x.ts'), code: "import { api } from '@vm/client/api-client.ts';" },
  ],
  invalid: [
    // An app never imports another app, by path or by workspace name.
    { filename: at('apps/sender/src/main.tsx'), code: "import { nl } from '../../driver/src/locales/nl.ts';", errors: [{ messageId: 'wrong' }] },
    { filename: at('apps/driver/src/main.tsx'), code: "import { LoginPage } from '@vm/sender/src/features/auth/components/login-page.tsx';", errors: [{ messageId: 'wrong' }] },
    { filename: at('apps/ops/src/i18n.ts'), code: "export { nl } from '../../driver/src/locales/nl.ts';", errors: [{ messageId: 'wrong' }] },
    { filename: at('apps/driver/src/main.tsx'), code: "const m = import('../../ops/src/main.tsx');", errors: [{ messageId: 'wrong' }] },
    // A package never imports an app.
    { filename: at('packages/ui/src/field.tsx'), code: "import { i18next } from '../../../apps/sender/src/lib/i18n.ts';", errors: [{ messageId: 'wrong' }] },
    { filename: at('packages/client/src/session.ts'), code: "import { app } from '@vm/server/src/app.ts';", errors: [{ messageId: 'wrong' }] },
    // The zones inside an app still hold.
    { filename: at('apps/sender/src/lib/form.ts'), code: "import { x } from '../features/jobs/x.ts';", errors: [{ messageId: 'wrong' }] },
  ],
});
