/** replyTo: where an answer goes (a contact request's sender), when not to the From address. */
export type MailMessage = { to: string; subject: string; text: string; html?: string; replyTo?: string };

/** Sends one mail. Embedded default: files in DATA_DIR/outbox; production: SMTP. */
export type Mailer = { readonly name: string; send(message: MailMessage): Promise<void> };
