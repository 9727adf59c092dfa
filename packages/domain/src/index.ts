export * from './address.ts';
export * from './insurance.ts';
export * from './messages.ts';
export * from './packages.ts';
export * from './shipment.ts';
export * from './time-windows.ts';
export * from './user.ts';
export * from './zoned-time.ts';
