// Every query key of every app, in one place: a feature names its data by these, and the event
// stream (event-invalidation.ts) refreshes any feature's data without importing the feature.
// A key that starts with another is refreshed with it: invalidating `user` also refreshes
// `mailSettings`, and `shipment(id)` also that job's `trackingLink(id)`.

export const queryKeys = {
  config: ['config'] as const,
  user: ['user'] as const,
  mailSettings: ['user', 'mail-settings'] as const,
  resetLink: (token: string) => ['reset-link', token] as const,
  cards: ['billing', 'cards'] as const,
  receipt: (shipmentId: number) => ['billing', 'receipt', shipmentId] as const,
  invoices: ['billing', 'invoices'] as const,
  shipmentList: ['shipments', 'sender'] as const,
  shipment: (id: number) => ['shipments', 'one', id] as const,
  trackingLink: (shipmentId: number) => ['shipments', 'one', shipmentId, 'tracking'] as const,
  waitingPayment: (shipmentId: number) => ['shipments', 'one', shipmentId, 'payment'] as const,
  /** Under the job's key: every event of the job (a driver giving it back, a state change) reads the fee again. */
  cancellationQuote: (shipmentId: number) => ['shipments', 'one', shipmentId, 'cancellation'] as const,
  tracking: (token: string) => ['tracking', token] as const,
  priceBand: (q: { distance_km: number; volume_m3: number; weight_kg: number }) => ['price-band', q.distance_km, q.volume_m3, q.weight_kg] as const,
  conversations: ['conversations'] as const,
  conversationList: ['conversations', 'list'] as const,
  conversation: (shipmentId: number) => ['conversations', 'one', shipmentId] as const,
  pushes: ['pushes'] as const,
  latestPushes: ['pushes', 'latest'] as const,
  pushActivity: ['pushes', 'activity'] as const,
};
