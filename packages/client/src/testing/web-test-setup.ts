import { configure } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { format } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';

// The one set-up of every web test file (each app's and package's vitest setupFiles import it):
// one mock API, the <dialog> methods jsdom lacks, and a test fails when something logged an error.

// A test waits on what the screen shows (findBy, waitFor), never on time; these are only the bounds
// of that wait. The defaults (1 s for a find, 5 s for a test) failed tests on a 2-core machine busy
// with three test files and a browser run at once.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

/** The mock API of a test file: a test adds its answers with server.use(...); they go after each test. */
export const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// jsdom has <dialog> but neither showModal nor close, and hides a dialog without [open].
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

// React's warnings (act, keys, a failed render) and the app's own error logs go to console.error:
// each one fails the test that caused it, after it has been printed.
const logged: string[] = [];
const consoleError = console.error;
beforeEach(() => {
  logged.length = 0;
  console.error = (...args: unknown[]) => {
    logged.push(format(...args));
    consoleError(...args);
  };
});
afterEach(() => {
  console.error = consoleError;
  if (logged.length) throw new Error(`console.error was called ${logged.length} time(s); the first:\n${logged[0]}`);
});
