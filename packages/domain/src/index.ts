export * from './address.ts';
export * from './messages.ts';
export * from './time-windows.ts';
export * from './user.ts';
export * from './zoned-time.ts';
