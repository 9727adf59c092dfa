export * from './messages.ts';
export * from './user.ts';
