import '@vm/client/testing/web-test-setup.ts';
