import { z } from 'zod';
import { addressSchema } from './address.ts';
import { appConfigSchema } from './app-config.ts';
import { chatMessageSchema, conversationDetailSchema, conversationReadSchema, mailSettingsReadSchema, mailSettingsSchema, messageReadSchema, pushPageSchema, pushReadSchema, unreadCountSchema } from './events.ts';
import { imageVariantsSchema } from './images.ts';
import { acceptOfferSchema, addCardSchema, bancontactStartSchema, cardReadSchema, driverJobReadSchema, driverLocationSchema, driverOfferSchema, driverStateSchema, invoiceActionSchema, paymentReceiptSchema, ratingSchema, sandboxCardSchema, waitingPaymentSchema } from './marketplace.ts';
import {
  driverDecisionSchema,
  driverDocumentReadSchema,
  driverDocumentsReadSchema,
  driverReviewSchema,
  driverReviewSummarySchema,
  driverProfileReadSchema,
  selfBillingAcceptSchema,
  driverRegistrationSchema,
  documentUploadSchema,
  vehicleInputSchema,
  vehicleReadSchema,
} from './driver-joining.ts';
import { priceBandQuerySchema, priceBandReadSchema } from './price-band.ts';
import { driverProblemSchema, problemAnswerSchema, problemCaseSchema, problemDecisionSchema, problemReadSchema, problemReportSchema, problemsQuerySchema, problemSummarySchema, senderProblemSchema } from './problems.ts';
import { driverEarningsReadSchema, driverStatementsReadSchema, statementParamsSchema } from './settlement.ts';
import { bankImportSchema, invoiceListSchema } from './invoices.ts';
import { cancellationQuoteSchema, driverCancelReadSchema, driverCancelSchema } from './cancellation.ts';
import { deliveryAnswerSchema, proofInputSchema, proofReadSchema, proofsReadSchema } from './proof.ts';
import { boardQuerySchema, boardReadSchema } from './job-board.ts';
import { addPhotosSchema, changeShipmentSchema, createShipmentSchema, senderStatusSchema, shipmentReadSchema, updateInsuranceSchema } from './shipment.ts';
import { socialCallbackQuerySchema, socialLinkSchema, socialProviderParams, socialStartQuerySchema, socialTicketResultSchema, socialTicketSchema } from './social-login.ts';
import { trackingLinkSchema, trackingStatusSchema, trackingViewSchema } from './tracking.ts';
import {
  forgotPasswordSchema,
  phoneVerificationCheckSchema,
  phoneVerificationSendSchema,
  registerUserSchema,
  resetLinkCheckSchema,
  resetLinkStatusSchema,
  resetPasswordSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  updateUserSchema,
  userLocaleSchema,
  userReadSchema,
} from './user.ts';
import { supportContactSchema } from './support.ts';
import { deleteAccountSchema } from './privacy.ts';
// Staff sign-in and the audit log (issue 21, staff part)
import {
  auditPageSchema,
  auditQuerySchema,
  passkeyOptionsSchema,
  passkeyRegisterSchema,
  passkeySignInSchema,
  setupInfoSchema,
  setupPasskeySchema,
  setupPasswordSchema,
  setupTokenSchema,
  type StaffCapability,
  staffPasswordSignInSchema,
  staffReadSchema,
  staffSessionSchema,
} from './staff.ts';
// Issue 23 part 2: support desk and restrictions
import {
  contestSchema,
  opsSearchQuerySchema,
  opsSearchResultSchema,
  opsUserViewSchema,
  proposalDecisionSchema,
  proposalListQuerySchema,
  proposalListSchema,
  proposalReadSchema,
  restrictionCreateSchema,
  restrictionLiftSchema,
  restrictionListQuerySchema,
  restrictionListSchema,
  restrictionReadSchema,
  userRestrictionSchema,
  userRestrictionsSchema,
} from './restrictions.ts';
// Issue 23 parts 2-3: finance approvals in the back office, the audit log's export
import {
  auditExportQuerySchema,
  invoiceDecisionSchema,
  invoiceRequestParams,
  invoiceRequestsReadSchema,
  opsInvoicesQuerySchema,
  opsInvoicesReadSchema,
  opsPayoutRunSchema,
  opsPayoutsQuerySchema,
  opsPayoutsReadSchema,
} from './ops-finance.ts';
import { pushKeyReadSchema, pushSettingsReadSchema, pushSettingsSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from './web-push.ts';
import { pathIdSchema, rowIdSchema } from './wire.ts';

// The API contract: every route the server serves, with its path, inputs and answers. The server
// registers its routes from these entries (and validates and serialises with their schemas), the
// OpenAPI document is generated from what it registered, and the web's typed client derives its
// calls from the same entries. Paths use Fastify's ':param' style.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type ApiRoute = {
  method: HttpMethod;
  path: string;
  /** Who may call: a user's token of a role, any token (client credentials too), a staff session, or nobody's. */
  auth: 'sender' | 'driver' | 'user' | 'token' | 'public' | 'admin' | 'staff';
  /** With auth 'staff': what the caller must be allowed to do (staff-roles.ts; a role without it: 403). */
  capability?: StaffCapability;
  params?: z.ZodObject;
  querystring?: z.ZodObject;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart/form-data body: this schema for its `content` JSON field, plus files. */
  multipart?: z.ZodType;
  /** The success answers; errors are fieldErrorsSchema (400) or apiErrorSchema (wire.ts). */
  response: Partial<Record<200 | 201 | 204 | 302, z.ZodType>>;
};

const idParams = z.object({ id: pathIdSchema });
const offerParams = z.object({ sid: pathIdSchema, oid: pathIdSchema });
const conversationParams = z.object({ shipmentId: pathIdSchema });
const created = z.object({ id: z.number() });
const none = z.null().describe('No content');
const redirect = z.null().describe('A redirect (Location header) for the browser');
const cards = z.array(cardReadSchema);
const eventId = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const latLng = {
  lat: z.coerce.number({ error: 'invalid_body' }).min(-90, 'invalid_body').max(90, 'invalid_body'),
  lng: z.coerce.number({ error: 'invalid_body' }).min(-180, 'invalid_body').max(180, 'invalid_body'),
};
// Issue 21 part 3: a proof file is named by a uuid and its extension, never by a row id.
const proofFileParams = z.object({ id: pathIdSchema, file: z.string().regex(/^[0-9a-f-]{36}\.(jpg|png)$/) });
const accessTokenQuery = z.object({ access_token: z.string().max(200).optional() });
export const IMAGE_VARIANTS = ['original', 'medium', 'thumb'] as const;

/** POST /api/attachment's `content` field (SPEC section 7): the caller's own profile picture. */
export const attachmentContentSchema = z.object({
  object: z.literal('user', { error: 'invalid_body' }),
  object_id: rowIdSchema,
  attachments: z
    .array(z.object({ file: z.string().min(1).max(100), type: z.literal('profile_picture', { error: 'invalid_body' }) }), { error: 'invalid_body' })
    .length(1, 'invalid_body'),
});

const conversationRoutes = <P extends string>(base: P, auth: 'sender' | 'driver') =>
  ({
    list: { method: 'GET', path: base, auth, response: { 200: z.array(conversationReadSchema) } },
    get: { method: 'GET', path: `${base}/:shipmentId`, auth, params: conversationParams, response: { 200: conversationDetailSchema } },
    post: { method: 'POST', path: `${base}/:shipmentId`, auth, params: conversationParams, body: chatMessageSchema, response: { 201: messageReadSchema } },
  }) as const satisfies Record<string, ApiRoute>;
const senderChat = conversationRoutes('/api/conversation', 'sender');
const driverChat = conversationRoutes('/api/driver/conversation', 'driver');

export const apiRoutes = {
  // Accounts
  token: { method: 'POST', path: '/oauth/access_token', auth: 'public', body: tokenRequestSchema, response: { 200: tokenResponseSchema } },
  forgotPassword: { method: 'POST', path: '/api/password/forgot', auth: 'public', body: forgotPasswordSchema, response: { 204: none } },
  resetPassword: { method: 'POST', path: '/api/password/reset', auth: 'public', body: resetPasswordSchema, response: { 204: none } },
  // The reset page asks on opening whether its link still works (a POST: the token stays out of URLs and logs).
  checkResetLink: { method: 'POST', path: '/api/password/reset/check', auth: 'public', body: resetLinkCheckSchema, response: { 200: resetLinkStatusSchema } },
  sendPhoneCode: {
    method: 'POST',
    path: '/api/phone/verification',
    auth: 'token',
    body: phoneVerificationSendSchema.extend({ captcha_token: z.string().max(4000).optional() }),
    response: { 200: z.object({ cellphone: z.string(), expires_in: z.number() }) },
  },
  checkPhoneCode: { method: 'POST', path: '/api/phone/verification/check', auth: 'token', body: phoneVerificationCheckSchema, response: { 200: z.object({ verification_token: z.string() }) } },
  // Social and identity login: browser redirects to and from the provider, then the ticket's use.
  socialStart: { method: 'GET', path: '/api/auth/:provider/start', auth: 'public', params: socialProviderParams, querystring: socialStartQuerySchema, response: { 302: redirect } },
  socialCallback: { method: 'GET', path: '/api/auth/:provider/callback', auth: 'public', params: socialProviderParams, querystring: socialCallbackQuerySchema, response: { 302: redirect } },
  socialTicket: { method: 'POST', path: '/api/auth/social/ticket', auth: 'token', body: socialTicketSchema, response: { 200: socialTicketResultSchema } },
  socialLink: { method: 'POST', path: '/api/auth/social/link', auth: 'token', body: socialLinkSchema, response: { 200: tokenResponseSchema } },
  register: { method: 'POST', path: '/api/user', auth: 'token', body: registerUserSchema(), response: { 201: created } },
  getUser: { method: 'GET', path: '/api/user', auth: 'user', response: { 200: userReadSchema } },
  updateUser: { method: 'PUT', path: '/api/user', auth: 'user', body: updateUserSchema(), response: { 200: userReadSchema } },
  setUserLocale: { method: 'PUT', path: '/api/user/locale', auth: 'user', body: userLocaleSchema, response: { 200: userLocaleSchema } },
  invoiceAction: { method: 'POST', path: '/api/user/invoice', auth: 'sender', body: invoiceActionSchema, response: { 200: userReadSchema } },
  getMailSettings: { method: 'GET', path: '/api/user/mail-settings', auth: 'user', response: { 200: mailSettingsReadSchema } },
  updateMailSettings: { method: 'PUT', path: '/api/user/mail-settings', auth: 'user', body: mailSettingsSchema, response: { 200: mailSettingsReadSchema } },
  uploadAttachment: {
    method: 'POST',
    path: '/api/attachment',
    auth: 'user',
    multipart: attachmentContentSchema,
    response: { 201: z.object({ attachments: z.array(imageVariantsSchema.extend({ id: z.string(), type: z.literal('profile_picture') })) }) },
  },
  image: {
    method: 'GET',
    path: '/api/image/:id/:variant',
    auth: 'user',
    params: z.object({ id: z.uuid(), variant: z.enum(IMAGE_VARIANTS) }),
    querystring: z.object({ access_token: z.string().max(200).optional() }),
    response: { 200: z.string().describe('The image (image/jpeg or image/png)') },
  },

  // Events and pushes
  streamToken: {
    method: 'POST',
    path: '/api/firebase_token',
    auth: 'user',
    response: { 200: z.object({ token: z.string(), expires_in: z.number(), stream_url: z.string(), pushes: z.array(pushReadSchema) }) },
  },
  events: {
    method: 'GET',
    path: '/api/events',
    auth: 'public',
    querystring: z.object({ token: z.string().max(200).optional(), last_event_id: eventId.optional() }),
    response: { 200: z.string().describe('text/event-stream: one push (pushReadSchema) per message, with its id') },
  },
  pushes: {
    method: 'GET',
    path: '/api/pushes',
    auth: 'user',
    querystring: z.object({ before: pathIdSchema.optional(), limit: z.coerce.number().int().min(1).max(50).default(20) }),
    response: { 200: pushPageSchema },
  },
  readAllPushes: { method: 'POST', path: '/api/pushes/read', auth: 'user', response: { 200: unreadCountSchema } },
  readPush: { method: 'POST', path: '/api/pushes/:id/read', auth: 'user', params: idParams, response: { 200: unreadCountSchema } },

  // Shipments (sender)
  createShipment: { method: 'POST', path: '/api/shipment', auth: 'sender', multipart: createShipmentSchema, response: { 201: created } },
  senderShipments: { method: 'GET', path: '/api/shipment/sender', auth: 'sender', response: { 200: z.array(shipmentReadSchema) } },
  getShipment: { method: 'GET', path: '/api/shipment/:id', auth: 'sender', params: idParams, response: { 200: shipmentReadSchema } },
  updateShipment: { method: 'PUT', path: '/api/shipment/:id', auth: 'sender', params: idParams, body: updateInsuranceSchema, response: { 200: shipmentReadSchema } },
  changeShipment: { method: 'PUT', path: '/api/shipment/:id/details', auth: 'sender', params: idParams, body: changeShipmentSchema, response: { 200: shipmentReadSchema } },
  addPhotos: { method: 'POST', path: '/api/shipment/:id/photos', auth: 'sender', params: idParams, multipart: addPhotosSchema, response: { 200: shipmentReadSchema } },
  removePhoto: {
    method: 'DELETE',
    path: '/api/shipment/:id/photos/:photo',
    auth: 'sender',
    params: z.object({ id: pathIdSchema, photo: z.string().max(64) }),
    response: { 200: shipmentReadSchema },
  },
  cancelShipment: { method: 'POST', path: '/api/shipment/:id/status', auth: 'sender', params: idParams, body: senderStatusSchema, response: { 200: shipmentReadSchema } },
  /** Issue 22 part 4: what cancelling costs now (the ladder), shown before the sender cancels. */
  cancellationQuote: { method: 'GET', path: '/api/shipment/:id/cancellation', auth: 'sender', params: idParams, response: { 200: cancellationQuoteSchema } },
  rate: { method: 'POST', path: '/api/rating', auth: 'user', body: ratingSchema, response: { 201: ratingSchema } },
  acceptOffer: {
    method: 'POST',
    path: '/api/shipment/:sid/offer/:oid',
    auth: 'sender',
    params: offerParams,
    // Optional: the offer id pins the driver's price; a total also pins the insurance; a return path
    // is where a card's 3-D Secure challenge comes back to (402 authentication_required).
    body: acceptOfferSchema.nullish(),
    response: { 200: shipmentReadSchema },
  },
  startBancontact: {
    method: 'POST',
    path: '/api/shipment/:sid/offer/:oid/bancontact',
    auth: 'sender',
    params: offerParams,
    body: bancontactStartSchema,
    response: { 200: z.object({ payment_id: z.number(), redirect_url: z.string() }) },
  },
  confirmPayment: {
    method: 'POST',
    path: '/api/payments/:id/confirm',
    auth: 'sender',
    params: idParams,
    response: { 200: z.object({ status: z.enum(['succeeded', 'pending']), shipment: shipmentReadSchema }) },
  },
  /** The job's Bancontact payment waiting at the bank, if any (another sender's job: 404). */
  waitingPayment: { method: 'GET', path: '/api/shipment/:id/payment', auth: 'sender', params: idParams, response: { 200: z.object({ payment: waitingPaymentSchema.nullable() }) } },
  /** Back to the bank page of a waiting payment; 409 payment_not_waiting once it is paid, stopped or expired. */
  resumePayment: { method: 'POST', path: '/api/payments/:id/resume', auth: 'sender', params: idParams, response: { 200: z.object({ redirect_url: z.string() }) } },
  /** Stops a waiting payment at the provider, so its bank page takes no money; 'succeeded' if the bank was quicker. */
  stopPayment: {
    method: 'POST',
    path: '/api/payments/:id/stop',
    auth: 'sender',
    params: idParams,
    response: { 200: z.object({ status: z.enum(['stopped', 'succeeded']), shipment: shipmentReadSchema }) },
  },
  /** The sender's receipt of the paid offer; null while nothing was paid (another sender's job: 404). */
  paymentReceipt: { method: 'GET', path: '/api/shipment/:id/receipt', auth: 'sender', params: idParams, response: { 200: z.object({ receipt: paymentReceiptSchema.nullable() }) } },
  paymentWebhook: {
    method: 'POST',
    path: '/api/payments/webhook',
    auth: 'public',
    body: z.record(z.string(), z.unknown()).describe('The provider event; the Stripe-Signature header signs its exact bytes'),
    response: { 200: z.object({ received: z.literal(true), result: z.string() }) },
  },
  /** Issue 22 part 6: the payout provider's webhook (Stripe Connect: payout.paid, payout.failed); signed like the payments one. */
  payoutWebhook: {
    method: 'POST',
    path: '/api/payouts/webhook',
    auth: 'public',
    body: z.record(z.string(), z.unknown()).describe('The provider event; the Stripe-Signature header signs its exact bytes'),
    response: { 200: z.object({ received: z.literal(true), result: z.string() }) },
  },
  createTrackingLink: { method: 'POST', path: '/api/shipment/:id/tracking', auth: 'sender', params: idParams, response: { 201: trackingLinkSchema } },
  trackingLinkStatus: { method: 'GET', path: '/api/shipment/:id/tracking', auth: 'sender', params: idParams, response: { 200: trackingStatusSchema } },
  revokeTrackingLink: { method: 'DELETE', path: '/api/shipment/:id/tracking', auth: 'sender', params: idParams, response: { 204: none } },
  // Any text up to a bound: a malformed token is a 404 like an unknown one.
  tracking: { method: 'GET', path: '/api/tracking/:token', auth: 'public', params: z.object({ token: z.string().max(200) }), response: { 200: trackingViewSchema } },

  // Billing
  cards: { method: 'GET', path: '/api/billing/cards', auth: 'sender', response: { 200: cards } },
  addCard: { method: 'POST', path: '/api/billing/addcard', auth: 'sender', body: addCardSchema, response: { 200: cards } },
  deleteCards: { method: 'POST', path: '/api/billing/deletecards', auth: 'sender', response: { 200: cards } },
  sandboxCardToken: { method: 'POST', path: '/api/billing/sandbox/token', auth: 'sender', body: sandboxCardSchema, response: { 200: z.object({ id: z.string() }) } },

  // Chat
  conversations: senderChat.list,
  conversation: senderChat.get,
  sendMessage: senderChat.post,
  driverConversations: driverChat.list,
  driverConversation: driverChat.get,
  driverSendMessage: driverChat.post,

  // Driver API
  driverShipments: {
    method: 'GET',
    path: '/api/driver/shipments',
    auth: 'driver',
    querystring: z.object({ scope: z.enum(['open', 'assigned']).default('open') }),
    response: { 200: z.array(driverJobReadSchema) },
  },
  // Drivers joining (issue 21): the registration is a client-token call, as a sender's (POST /api/user);
  // it stays outside /api/driver/, where every route takes a driver's token.
  driverRegister: { method: 'POST', path: '/api/drivers', auth: 'token', body: driverRegistrationSchema(), response: { 201: created } },
  driverProfile: { method: 'GET', path: '/api/driver/profile', auth: 'driver', response: { 200: z.object({ profile: driverProfileReadSchema.nullable() }) } },
  /** Issue 22: a driver who joined before the self-billing agreement accepts it (once; the first moment stays). */
  acceptSelfBilling: { method: 'POST', path: '/api/driver/profile/self-billing', auth: 'driver', body: selfBillingAcceptSchema, response: { 200: z.object({ profile: driverProfileReadSchema }) } },
  driverVehicles: { method: 'GET', path: '/api/driver/vehicles', auth: 'driver', response: { 200: z.object({ vehicles: z.array(vehicleReadSchema) }) } },
  addVehicle: { method: 'POST', path: '/api/driver/vehicles', auth: 'driver', body: vehicleInputSchema, response: { 201: vehicleReadSchema } },
  updateVehicle: { method: 'PUT', path: '/api/driver/vehicles/:id', auth: 'driver', params: idParams, body: vehicleInputSchema, response: { 200: vehicleReadSchema } },
  removeVehicle: { method: 'DELETE', path: '/api/driver/vehicles/:id', auth: 'driver', params: idParams, response: { 204: none } },
  driverDocuments: { method: 'GET', path: '/api/driver/documents', auth: 'driver', response: { 200: driverDocumentsReadSchema } },
  uploadDocument: { method: 'POST', path: '/api/driver/documents', auth: 'driver', multipart: documentUploadSchema, response: { 201: driverDocumentReadSchema } },
  documentFile: {
    method: 'GET',
    path: '/api/driver/documents/:id/file',
    auth: 'driver',
    params: idParams,
    response: { 200: z.string().describe('The file as uploaded (application/pdf, image/jpeg or image/png)') },
  },
  /** Asks staff to verify: the vehicles and documents are in (409 naming what is missing otherwise). */
  askVerification: { method: 'POST', path: '/api/driver/verification', auth: 'driver', response: { 200: z.object({ profile: driverProfileReadSchema }) } },
  driverShipment: { method: 'GET', path: '/api/driver/shipment/:id', auth: 'driver', params: idParams, response: { 200: driverJobReadSchema } },
  makeOffer: { method: 'POST', path: '/api/driver/shipment/:id/offer', auth: 'driver', params: idParams, body: driverOfferSchema, response: { 201: created } },
  withdrawOffer: { method: 'DELETE', path: '/api/driver/shipment/:id/offer', auth: 'driver', params: idParams, response: { 204: none } },
  driverState: { method: 'POST', path: '/api/driver/shipment/:id/status', auth: 'driver', params: idParams, body: driverStateSchema, response: { 200: driverJobReadSchema } },
  driverLocation: { method: 'POST', path: '/api/driver/shipment/:id/location', auth: 'driver', params: idParams, body: driverLocationSchema, response: { 204: none } },
  // Issue 21, job board: open jobs that fit one of the driver's vehicles, near a position or along a route.
  driverBoard: { method: 'GET', path: '/api/driver/board', auth: 'driver', querystring: boardQuerySchema, response: { 200: boardReadSchema } },
  // Issue 22: what each accepted job pays the driver, and where that money is.
  driverEarnings: { method: 'GET', path: '/api/driver/earnings', auth: 'driver', response: { 200: driverEarningsReadSchema } },
  /** Issue 22 part 4: the driver gives an accepted job up before loading: back to new, the sender refunded in full. */
  driverCancel: { method: 'POST', path: '/api/driver/shipment/:id/cancel', auth: 'driver', params: idParams, body: driverCancelSchema, response: { 200: driverCancelReadSchema } },
  // Issue 22 part 5: a user's own invoices and credit notes (a sender's from the platform, a driver's self-billed ones), as PDF and Peppol UBL.
  invoices: { method: 'GET', path: '/api/invoices', auth: 'user', response: { 200: invoiceListSchema } },
  invoicePdf: { method: 'GET', path: '/api/invoices/:id/pdf', auth: 'user', params: idParams, querystring: accessTokenQuery, response: { 200: z.string().describe('application/pdf') } },
  invoiceUbl: { method: 'GET', path: '/api/invoices/:id/ubl', auth: 'user', params: idParams, querystring: accessTokenQuery, response: { 200: z.string().describe('application/xml: Peppol BIS 3.0 UBL') } },
  // Issue 22: the driver's weekly statements (the weeks with released jobs or payouts; one PDF per week, their own data only).
  driverStatements: { method: 'GET', path: '/api/driver/statements', auth: 'driver', response: { 200: driverStatementsReadSchema } },
  driverStatement: { method: 'GET', path: '/api/driver/statements/:week.pdf', auth: 'driver', params: statementParamsSchema, response: { 200: z.string().describe('application/pdf') } },

  // Issue 21 part 3: proof at pickup and delivery, the consignment note, the sender's answer after delivery.
  // Proof files are private: served only by these routes, to the sender of the job and its driver.
  takeProof: { method: 'POST', path: '/api/driver/shipment/:id/proof', auth: 'driver', params: idParams, multipart: proofInputSchema(), response: { 200: proofReadSchema, 201: proofReadSchema } },
  driverProofs: { method: 'GET', path: '/api/driver/shipment/:id/proof', auth: 'driver', params: idParams, response: { 200: proofsReadSchema } },
  driverProofFile: {
    method: 'GET',
    path: '/api/driver/shipment/:id/proof/file/:file',
    auth: 'driver',
    params: proofFileParams,
    querystring: accessTokenQuery,
    response: { 200: z.string().describe('The photo (image/jpeg or image/png) or the signature (image/png)') },
  },
  driverConsignmentNote: { method: 'GET', path: '/api/driver/shipment/:id/consignment-note.pdf', auth: 'driver', params: idParams, querystring: accessTokenQuery, response: { 200: z.string().describe('application/pdf') } },
  senderProofs: { method: 'GET', path: '/api/shipment/:id/proof', auth: 'sender', params: idParams, response: { 200: proofsReadSchema } },
  senderProofFile: {
    method: 'GET',
    path: '/api/shipment/:id/proof/file/:file',
    auth: 'sender',
    params: proofFileParams,
    querystring: accessTokenQuery,
    response: { 200: z.string().describe('The photo (image/jpeg or image/png) or the signature (image/png)') },
  },
  consignmentNote: { method: 'GET', path: '/api/shipment/:id/consignment-note.pdf', auth: 'sender', params: idParams, querystring: accessTokenQuery, response: { 200: z.string().describe('application/pdf') } },
  /** Once, within 24 hours of delivery (409 delivery_answered / delivery_answer_closed). */
  answerDelivery: { method: 'POST', path: '/api/shipment/:id/delivery', auth: 'sender', params: idParams, body: deliveryAnswerSchema, response: { 200: proofsReadSchema } },

  // Geo and configuration (no login)
  autocomplete: {
    method: 'GET',
    path: '/api/geo/autocomplete',
    auth: 'public',
    querystring: z.object({ q: z.string().trim().max(200, 'too_long').default('') }),
    response: { 200: z.array(addressSchema) },
  },
  reverseGeocode: { method: 'GET', path: '/api/geo/reverse', auth: 'public', querystring: z.object(latLng), response: { 200: addressSchema.nullable() } },
  timezone: { method: 'GET', path: '/api/geo/timezone', auth: 'public', querystring: z.object(latLng), response: { 200: z.object({ timezone: z.string() }) } },
  basemap: {
    method: 'GET',
    path: '/api/geo/basemap',
    auth: 'public',
    response: { 200: z.object({ attribution: z.string(), countries: z.unknown(), towns: z.array(z.tuple([z.string(), z.number(), z.number(), z.number()])) }) },
  },
  config: { method: 'GET', path: '/api/config', auth: 'public', response: { 200: appConfigSchema } },

  // Fair-price band (issue 20): senders in the wizard (a client token will do) and drivers
  priceBand: { method: 'GET', path: '/api/price-band', auth: 'token', querystring: priceBandQuerySchema, response: { 200: priceBandReadSchema } },
  // Help (issue 20, defect 12): the help page's contact form, for guests (client token) and users.
  supportContact: { method: 'POST', path: '/api/support/contact', auth: 'token', body: supportContactSchema, response: { 201: created } },

  // Staff sign-in and the audit log (issue 21, staff part; decision 0025). A staff session's token
  // is good for /api/ops only, and a user's token never is.
  opsSignIn: { method: 'POST', path: '/api/ops/sign-in', auth: 'public', body: staffPasswordSignInSchema, response: { 200: staffSessionSchema } },
  opsPasskeyOptions: { method: 'POST', path: '/api/ops/sign-in/passkey/options', auth: 'public', response: { 200: passkeyOptionsSchema } },
  opsPasskeySignIn: { method: 'POST', path: '/api/ops/sign-in/passkey', auth: 'public', body: passkeySignInSchema, response: { 200: staffSessionSchema } },
  opsSetupCheck: { method: 'POST', path: '/api/ops/setup/check', auth: 'public', body: setupTokenSchema, response: { 200: setupInfoSchema } },
  opsSetupPassword: { method: 'POST', path: '/api/ops/setup/password', auth: 'public', body: setupPasswordSchema, response: { 200: staffSessionSchema } },
  opsSetupPasskeyOptions: { method: 'POST', path: '/api/ops/setup/passkey/options', auth: 'public', body: setupTokenSchema, response: { 200: passkeyOptionsSchema } },
  opsSetupPasskey: { method: 'POST', path: '/api/ops/setup/passkey', auth: 'public', body: setupPasskeySchema, response: { 200: staffSessionSchema } },
  opsMe: { method: 'GET', path: '/api/ops/me', auth: 'staff', capability: 'use_back_office', response: { 200: staffReadSchema } },
  opsSignOut: { method: 'POST', path: '/api/ops/sign-out', auth: 'staff', capability: 'use_back_office', response: { 204: none } },
  opsPasskeyRegisterOptions: { method: 'POST', path: '/api/ops/passkeys/options', auth: 'staff', capability: 'use_back_office', response: { 200: passkeyOptionsSchema } },
  opsPasskeyRegister: { method: 'POST', path: '/api/ops/passkeys', auth: 'staff', capability: 'use_back_office', body: passkeyRegisterSchema, response: { 201: staffReadSchema } },
  opsAudit: { method: 'GET', path: '/api/ops/audit', auth: 'staff', capability: 'audit_log', querystring: auditQuerySchema, response: { 200: auditPageSchema } },
  // Issue 21 part 1, staff verify drivers (apps/ops): support and admins; every view of a driver, of a
  // document file and every decision is written to the audit log.
  opsDrivers: { method: 'GET', path: '/api/ops/drivers', auth: 'staff', capability: 'verify_drivers', response: { 200: z.object({ drivers: z.array(driverReviewSummarySchema) }) } },
  opsDriver: { method: 'GET', path: '/api/ops/drivers/:id', auth: 'staff', capability: 'verify_drivers', params: idParams, response: { 200: driverReviewSchema } },
  opsDriverDocumentFile: {
    method: 'GET',
    path: '/api/ops/drivers/:id/documents/:documentId/file',
    auth: 'staff',
    capability: 'verify_drivers',
    params: z.object({ id: pathIdSchema, documentId: pathIdSchema }),
    response: { 200: z.string().describe('The file as uploaded (application/pdf, image/jpeg or image/png)') },
  },
  /** Approve, or refuse with a reason of 10 to 1000 characters the driver reads; 409 driver_not_waiting. */
  opsDriverDecision: { method: 'POST', path: '/api/ops/drivers/:id/decision', auth: 'staff', capability: 'verify_drivers', params: idParams, body: driverDecisionSchema, response: { 200: driverReviewSchema } },
  /** Issue 22 part 5: a bank statement (ISO 20022 CAMT.053 XML, the file part 'statement'); credits matched to invoices by their structured communication, each once. */
  opsBankStatement: { method: 'POST', path: '/api/ops/bank-statements', auth: 'staff', capability: 'handle_money', multipart: z.object({ statement: z.string().describe('CAMT.053 XML') }), response: { 200: bankImportSchema } },
  // Issue 23 part 2: the support desk and restrictions (apps/ops). Search and a user's view for every
  // staff role (each view audited); restricting, lifting and deciding proposals for support and admin,
  // audited with the reason. The user reads the statement of reasons and contests (their own only).
  opsSearch: { method: 'GET', path: '/api/ops/search', auth: 'staff', capability: 'read_users', querystring: opsSearchQuerySchema, response: { 200: opsSearchResultSchema } },
  opsUser: { method: 'GET', path: '/api/ops/users/:id', auth: 'staff', capability: 'read_users', params: idParams, response: { 200: opsUserViewSchema } },
  /** 400 naming `reason` when missing or under 20 characters; 409 restriction_exists when one as strong is in force. */
  opsRestrict: { method: 'POST', path: '/api/ops/users/:id/restrictions', auth: 'staff', capability: 'restrict_users', params: idParams, body: restrictionCreateSchema, response: { 201: restrictionReadSchema } },
  opsRestrictions: { method: 'GET', path: '/api/ops/restrictions', auth: 'staff', capability: 'read_users', querystring: restrictionListQuerySchema, response: { 200: restrictionListSchema } },
  /** 409 restriction_not_active when already lifted or ended. */
  opsLiftRestriction: { method: 'POST', path: '/api/ops/restrictions/:id/lift', auth: 'staff', capability: 'restrict_users', params: idParams, body: restrictionLiftSchema, response: { 200: restrictionReadSchema } },
  opsRestrictionProposals: { method: 'GET', path: '/api/ops/restriction-proposals', auth: 'staff', capability: 'read_users', querystring: proposalListQuerySchema, response: { 200: proposalListSchema } },
  /** 409 proposal_decided when decided before. */
  opsDecideProposal: { method: 'POST', path: '/api/ops/restriction-proposals/:id/decision', auth: 'staff', capability: 'restrict_users', params: idParams, body: proposalDecisionSchema, response: { 200: proposalReadSchema } },
  userRestrictions: { method: 'GET', path: '/api/user/restrictions', auth: 'user', response: { 200: userRestrictionsSchema } },
  /** 404 for another user's restriction; 409 restriction_not_active, contest_limit. */
  contestRestriction: { method: 'POST', path: '/api/user/restrictions/:id/contest', auth: 'user', params: idParams, body: contestSchema, response: { 201: userRestrictionSchema } },
  // Issue 23 parts 2-3: the approvals that were admin commands, for finance staff and admins; the audit
  // log's export for admins. Every decision, run and export is written to the audit log.
  opsInvoiceRequests: { method: 'GET', path: '/api/ops/invoice-requests', auth: 'staff', capability: 'handle_money', response: { 200: invoiceRequestsReadSchema } },
  /** Approve, or refuse with a reason of 10 to 2000 characters the company reads (by mail, in their language); 404 no company, 409 not waiting. */
  opsInvoiceDecision: {
    method: 'POST',
    path: '/api/ops/invoice-requests/:userId/decision',
    auth: 'staff',
    capability: 'handle_money',
    params: invoiceRequestParams,
    body: invoiceDecisionSchema,
    response: { 200: invoiceRequestsReadSchema },
  },
  /** Payouts of one status (pending includes claimed ones), newest first, and the money held for a reported problem. */
  opsPayouts: { method: 'GET', path: '/api/ops/payouts', auth: 'staff', capability: 'handle_money', querystring: opsPayoutsQuerySchema, response: { 200: opsPayoutsReadSchema } },
  /** Pays everyone owed now, any day (`npm run admin -- payouts run --now`): how many payouts were made. */
  opsPayoutsRun: { method: 'POST', path: '/api/ops/payouts/run', auth: 'staff', capability: 'handle_money', response: { 200: opsPayoutRunSchema } },
  /** Invoices paid by transfer and still unpaid: open (not yet due) or overdue, with their reminders. */
  opsInvoices: { method: 'GET', path: '/api/ops/invoices', auth: 'staff', capability: 'handle_money', querystring: opsInvoicesQuerySchema, response: { 200: opsInvoicesReadSchema } },
  /** Every audit row between two days (Brussels) with its hash and previous hash, as CSV or JSON lines (AUDIT_EXPORT_COLUMNS); the export is itself audited. */
  opsAuditExport: {
    method: 'GET',
    path: '/api/ops/audit/export',
    auth: 'staff',
    capability: 'audit_log',
    querystring: auditExportQuerySchema,
    response: { 200: z.string().describe('text/csv or application/x-ndjson, as a download') },
  },
  // Issue 21 part 4: Web Push to drivers (VAPID). The key for any token; the rest is the driver's own.
  pushKey: { method: 'GET', path: '/api/push/key', auth: 'token', response: { 200: pushKeyReadSchema } },
  addPushSubscription: { method: 'POST', path: '/api/driver/push/subscriptions', auth: 'driver', body: pushSubscriptionSchema, response: { 201: none } },
  removePushSubscription: { method: 'DELETE', path: '/api/driver/push/subscriptions', auth: 'driver', body: pushUnsubscribeSchema, response: { 204: none } },
  getPushSettings: { method: 'GET', path: '/api/driver/push/settings', auth: 'driver', response: { 200: pushSettingsReadSchema } },
  updatePushSettings: { method: 'PUT', path: '/api/driver/push/settings', auth: 'driver', body: pushSettingsSchema, response: { 200: pushSettingsReadSchema } },

  // Issue 23 part 1: problems and claims. The sender reports (24 hours after delivery, or a no-show
  // before pickup), the job's driver answers, staff decide with a reason both parties receive.
  senderProblem: { method: 'GET', path: '/api/shipment/:id/problem', auth: 'sender', params: idParams, response: { 200: senderProblemSchema } },
  /** 409 problem_not_reportable when the job is past the window, confirmed or reported already. */
  reportProblem: { method: 'POST', path: '/api/shipment/:id/problem', auth: 'sender', params: idParams, multipart: problemReportSchema, response: { 201: problemReadSchema } },
  senderProblemPhoto: { method: 'GET', path: '/api/shipment/:id/problem/photo/:file', auth: 'sender', params: proofFileParams, querystring: accessTokenQuery, response: { 200: z.string().describe('The photo (image/jpeg or image/png)') } },
  driverProblem: { method: 'GET', path: '/api/driver/shipment/:id/problem', auth: 'driver', params: idParams, response: { 200: driverProblemSchema } },
  /** The driver's own statement and evidence, once; 409 problem_not_open after the decision. */
  answerProblem: { method: 'POST', path: '/api/driver/shipment/:id/problem', auth: 'driver', params: idParams, multipart: problemAnswerSchema, response: { 201: problemReadSchema } },
  driverProblemPhoto: { method: 'GET', path: '/api/driver/shipment/:id/problem/photo/:file', auth: 'driver', params: proofFileParams, querystring: accessTokenQuery, response: { 200: z.string().describe('The photo (image/jpeg or image/png)') } },
  opsProblems: { method: 'GET', path: '/api/ops/problems', auth: 'staff', capability: 'read_cases', querystring: problemsQuerySchema, response: { 200: z.object({ problems: z.array(problemSummarySchema) }) } },
  /** The case with its whole timeline; each view is written to the audit log. */
  opsProblem: { method: 'GET', path: '/api/ops/problems/:id', auth: 'staff', capability: 'read_cases', params: idParams, response: { 200: problemCaseSchema } },
  /** A photo of the case (the parties' statements, the proofs at pickup and delivery). */
  opsProblemFile: {
    method: 'GET',
    path: '/api/ops/problems/:id/file/:file',
    auth: 'staff',
    capability: 'read_cases',
    params: proofFileParams,
    response: { 200: z.string().describe('The photo (image/jpeg or image/png) or a signature (image/png)') },
  },
  opsConsignmentNote: { method: 'GET', path: '/api/ops/problems/:id/consignment-note.pdf', auth: 'staff', capability: 'read_cases', params: idParams, response: { 200: z.string().describe('application/pdf') } },
  /** For an insured job: the claim (PDF) and the evidence, one ZIP. */
  opsClaimFile: { method: 'GET', path: '/api/ops/problems/:id/claim-file.zip', auth: 'staff', capability: 'read_cases', params: idParams, response: { 200: z.string().describe('application/zip') } },
  /** Money decisions are finance's and admins' (support: 403). 409 problem_not_open, refund_too_much, insurance_not_covered. */
  opsProblemDecision: { method: 'POST', path: '/api/ops/problems/:id/decision', auth: 'staff', capability: 'handle_money', params: idParams, body: problemDecisionSchema, response: { 200: problemCaseSchema } },
  // Issue 23 part 4: people's rights over their data (decision 0035). The export is a link too (?access_token=).
  dataExport: { method: 'GET', path: '/api/user/data-export', auth: 'user', querystring: accessTokenQuery, response: { 200: z.string().describe('application/zip: data.json and the user’s own files') } },
  /** 403 password_wrong / email_mismatch; 409 account_job_in_progress / account_open_balance; 204: erased and signed out. */
  deleteAccount: { method: 'POST', path: '/api/user/delete', auth: 'user', body: deleteAccountSchema, response: { 204: none } },

  // Operations
  adminCommand: {
    method: 'POST',
    path: '/api/admin/command',
    auth: 'admin',
    body: z.object({ args: z.array(z.string().max(300)).max(12) }),
    response: { 200: z.object({ ok: z.boolean(), message: z.string() }) },
  },
} as const satisfies Record<string, ApiRoute>;

export type ApiRoutes = typeof apiRoutes;
export type ApiRouteName = keyof ApiRoutes;
